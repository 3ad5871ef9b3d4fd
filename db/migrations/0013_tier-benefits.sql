-- The tiers' benefits as the product delivers them (core/seeds.ts POLLINATOR_TIER_DEFINITIONS; a test
-- compares the table with it). 0008 listed benefits nothing gives: Seeds for sessions and reviews
-- (only sharing and the facilitators' monthly bonus pay Seeds), redeeming Seeds for session discounts
-- (nothing spends Seeds), a 10-Seed monthly bonus for Blooming (only practitioners get a bonus, of
-- 50), Garden access for every Seedling (preview accounts read excerpts only), a profile badge (the
-- tier shows beside the Seeds in the Garden and the wallet), priority booking, circles, a free group
-- session, mentoring and votes. Each tier now lists its badge; the lowest lists the earning rules,
-- which hold at every tier, and each tier above includes the one below. Sprout's description no
-- longer suggests that showing up earns Seeds.
UPDATE `pollinator_tiers` SET description = 'Every garden starts with a single seed. Welcome to the community.', benefits = '["The Seedling badge beside your Seeds in the Garden and in your wallet","25 Seeds for each piece you share to the Garden (50 for practitioners); sharing needs Premium access","Practitioners: +50 Seeds once each calendar month, claimed in the Garden"]' WHERE tier = 'seedling';
--> statement-breakpoint
UPDATE `pollinator_tiers` SET description = 'You are putting down roots by sharing with the community.', benefits = '["The Sprout badge beside your Seeds in the Garden and in your wallet","Everything in Seedling"]' WHERE tier = 'sprout';
--> statement-breakpoint
UPDATE `pollinator_tiers` SET description = 'Your contributions help the whole garden flourish.', benefits = '["The Blooming badge beside your Seeds in the Garden and in your wallet","Everything in Sprout"]' WHERE tier = 'blooming';
--> statement-breakpoint
UPDATE `pollinator_tiers` SET description = 'A pillar of the community whose care keeps the garden growing.', benefits = '["The Wise Garden badge beside your Seeds in the Garden and in your wallet","Everything in Blooming"]' WHERE tier = 'wise_garden';
