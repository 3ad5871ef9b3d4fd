DROP INDEX `conversation_participants_inbox_idx`;--> statement-breakpoint
CREATE INDEX `conversation_participants_unread_idx` ON `conversation_participants` (`user_id`,`unread_count`) WHERE "conversation_participants"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX `conversation_participants_inbox_idx` ON `conversation_participants` (`user_id`,`last_message_at`,`conversation_id`);