/** Builds the demo Garden: its pieces, the Audio pieces' recordings, and members' views, likes and downloads. */
import { createHash } from "node:crypto";
import { gardenMediaPath } from "../../core/garden";
import { uploadReward } from "../../core/seeds";
import type { Archetype } from "../../core/enums";
import type { Clock, DemoData, DemoGardenContent, DemoUser } from "./data-set";
import { GARDEN_ITEMS, type GardenItem } from "./garden-items";
import { DEMO_SEED, DemoRandom, type IdSource } from "./random";
import { BOWL_PITCHES, bowlRecording } from "./recordings";

export function buildGardenContent(
  data: DemoData,
  clock: Clock,
  ids: IdSource,
  people: { sage: DemoUser; clara: DemoUser; practitionerUsers: DemoUser[]; generatedClients: DemoUser[] },
): void {
  const random = new DemoRandom(DEMO_SEED ^ 0x0006);
  const practitionerUserIds = new Set(data.practitioners.map((p) => p.userId));
  // Authors of an archetype take turns, skipping the demo practitioner and the first four profiles.
  const turns = new Map<Archetype, number>();
  const authorOf = (author: GardenItem["author"]): DemoUser => {
    if (author === "sage") return people.sage;
    if (author === "clara") return people.clara;
    if ("client" in author) return people.generatedClients[author.client];
    const candidates = data.practitioners.filter(
      (p, index) => p.archetype === author.archetype && index > 3 && p.id !== data.demoPractitionerId,
    );
    const turn = turns.get(author.archetype) ?? 0;
    turns.set(author.archetype, turn + 1);
    const userId = candidates[turn % candidates.length].userId;
    return people.practitionerUsers.find((user) => user.id === userId)!;
  };

  GARDEN_ITEMS.forEach((item, index) => {
    const author = authorOf(item.author);
    // sharing needs premium access: a piece comes after its author's subscription began
    const sharingDaysAgo = clock.daysSince((author.subscriptionStartDate as Date | null | undefined) ?? (author.createdAt as Date));
    const createdAt = item.status === "pending" ? clock.ago(random.int(1, 3) + random.next()) : clock.ago(Math.max(1, Math.min(sharingDaysAgo - 1, 4 + index * 4)) + random.next());
    const { author: _author, isFeatured, ...fields } = item;
    const row: DemoGardenContent = {
      ...fields,
      id: ids.next("gardenContent"),
      authorId: author.id,
      tags: [...item.tags],
      isFeatured: isFeatured ?? false,
      isPublic: true,
      viewCount: 0,
      likeCount: 0,
      downloadCount: 0,
      seedsReward: uploadReward(practitionerUserIds.has(author.id)),
      createdAt,
      updatedAt: createdAt,
    };
    if (item.contentType === "audio") attachRecording(row, author.id, data.mediaFiles.length);
    if (item.status === "approved") addInteractions(row, author.id);
    data.gardenContent.push(row);
  });

  /** An Audio piece's recording: a bowl's tone (its pitch differs from piece to piece), as the upload stores it. */
  function attachRecording(item: DemoGardenContent, authorId: string, n: number): void {
    const bytes = bowlRecording(n % BOWL_PITCHES.length);
    const id = ids.next("mediaFile");
    data.mediaFiles.push({
      id,
      ownerId: authorId,
      contentType: "audio/wav",
      byteSize: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      data: Buffer.from(bytes),
      createdAt: item.createdAt,
    });
    Object.assign(item, { mediaId: id, fileUrl: gardenMediaPath(item.id), fileName: `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.wav`, fileSize: bytes.byteLength });
  }

  /**
   * Members who read and liked an approved piece since it was shared: one view per member per day
   * and one like per member, as the live service counts them; the counters equal the rows.
   */
  function addInteractions(item: DemoGardenContent, authorId: string): void {
    const members = data.users.filter((u) => u.id !== authorId && (u.createdAt as Date).getTime() < clock.anchorMs);
    const ageDays = Math.max(1, clock.daysSince(item.createdAt as Date));
    const readers = random.int(3, Math.min(members.length, 30));
    const shuffled = [...members].sort(() => random.next() - 0.5).slice(0, readers);
    for (const reader of shuffled) {
      const days = new Set(Array.from({ length: random.int(1, 3) }, () => random.int(0, ageDays - 1)));
      for (const day of days) {
        data.gardenInteractions.push({ id: ids.next("gardenInteraction"), userId: reader.id, contentId: item.id, interactionType: "view", createdAt: clock.ago(day + 0.1 + random.next() * 0.8) });
        item.viewCount! += 1;
      }
      if (random.chance(0.45)) {
        data.gardenInteractions.push({ id: ids.next("gardenInteraction"), userId: reader.id, contentId: item.id, interactionType: "like", createdAt: clock.ago(Math.min(...days) + 0.05) });
        item.likeCount! += 1;
      }
      // downloads only of what has a file to save, counted as the live service counts them
      if (item.mediaId && random.chance(0.35)) {
        data.gardenInteractions.push({ id: ids.next("gardenInteraction"), userId: reader.id, contentId: item.id, interactionType: "download", createdAt: clock.ago(Math.min(...days) + 0.04) });
        item.downloadCount! += 1;
      }
    }
  }
}

