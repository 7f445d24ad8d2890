import {
  banners,
  invitations,
  mailPushSettings,
  notifications,
  systemNotificationReads,
  systemNotifications,
  trackingEvents,
} from "../schema/index.ts";
import { CATEGORY_ID } from "../reference-data.ts";
import { BANNERS, SYSTEM_MESSAGES } from "./corpus.ts";
import { DAY, type Row, type Seeding } from "./context.ts";
import { insertRows } from "./insert-rows.ts";
import { demoBannerUrl } from "./text.ts";

/**
 * The rest of the site: banners, system notifications and who read them, the demo's invitations,
 * mail-push settings, tracking events on sampled entries, and last the notifications every
 * earlier phase collected in the sink.
 */
export async function seedExtras(seeding: Seeding, entryPool: string[]): Promise<void> {
  const { db, rng, now, userCount, progress, later, seedUsers, userRows, demo, userAt, randomUser, sink } =
    seeding;
  progress("extras", 0, 1);
  await insertRows(
    db,
    banners,
    BANNERS.map((b, i) => {
      const at = new Date(now.getTime() - (30 - i) * DAY);
      return {
        id: rng.id(at),
        position: b.position,
        title: b.title,
        imageUrl: demoBannerUrl(i),
        url: b.url,
        order: i,
        active: true,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  const systemRows = SYSTEM_MESSAGES.map((message, i) => {
    const at = new Date(now.getTime() - (SYSTEM_MESSAGES.length - i) * 7 * DAY);
    return { id: rng.id(at), message, createdAt: at };
  });
  await insertRows(db, systemNotifications, systemRows);
  const readRows: Row<typeof systemNotificationReads>[] = [];
  for (const u of seedUsers) {
    const read = u === demo ? 3 : rng.range(0, systemRows.length);
    for (const s of systemRows.slice(0, read))
      readRows.push({ userId: u.id, systemNotificationId: s.id!, createdAt: later(s.createdAt) });
  }
  await insertRows(db, systemNotificationReads, readRows);
  const inviteRows: Row<typeof invitations>[] = [];
  for (let k = 0; k < 5; k++) {
    const at = new Date(now.getTime() - (20 - k) * DAY);
    const usedBy = k < 2 && userCount > 5 + k ? userAt(5 + k) : null;
    inviteRows.push({
      id: rng.id(at),
      code: (rng.hex8() + rng.hex8()).toUpperCase().slice(0, 10),
      senderId: demo.id,
      receiverName: usedBy ? userRows[5 + k].username : "",
      receiverEmail: usedBy ? (userRows[5 + k].email ?? "") : "",
      usedById: usedBy?.id ?? null,
      usedAt: usedBy ? new Date(at.getTime() + DAY) : null,
      createdAt: at,
    });
  }
  await insertRows(db, invitations, inviteRows);
  const mailRows: Row<typeof mailPushSettings>[] = [
    { userId: demo.id, follow: false, article: true, week: true, updatedAt: now },
  ];
  for (const u of seedUsers.slice(2)) {
    if (rng.chance(0.1))
      mailRows.push({
        userId: u.id,
        follow: rng.chance(0.5),
        article: rng.chance(0.8),
        week: rng.chance(0.6),
        updatedAt: later(u.createdAt),
      });
  }
  await insertRows(db, mailPushSettings, mailRows);
  const trackingRows: Row<typeof trackingEvents>[] = [];
  for (let k = 0; k < Math.min(2000, userCount * 3) && entryPool.length > 0; k++) {
    const u = randomUser();
    trackingRows.push({
      action: rng.pick(["view", "click", "like", "collect", "share"]),
      objectType: "entry",
      target: rng.pick(entryPool),
      category: rng.pick(Object.keys(CATEGORY_ID)),
      location: rng.pick(["/timeline", "/welcome", "/explore/all", "/tag/前端"]),
      referrer: rng.chance(0.3) ? "https://www.google.com/" : "",
      suid: rng.hex8() + rng.hex8(),
      uid: rng.chance(0.7) ? u.id : null,
      createdAt: rng.dateBetween(new Date(now.getTime() - 30 * DAY), now),
    });
  }
  await insertRows(db, trackingEvents, trackingRows);
  await insertRows(db, notifications, sink.rows);
  seeding.summary.notifications = sink.rows.length;
  progress("extras", 1, 1);
}
