/**
 * The development outbox: every e-mail and SMS the site sends also lands here when DEV_OUTBOX is on
 * (the default outside production), so a person running the site locally can finish registration.
 * Shown at /dev/outbox; absent in production.
 */
export interface OutboxMessage {
  id: number;
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export class Outbox {
  private messages: OutboxMessage[] = [];
  private next = 1;
  constructor(private readonly capacity = 200) {}

  add(message: Omit<OutboxMessage, "id" | "sentAt">): OutboxMessage {
    const item = { ...message, id: this.next++, sentAt: new Date().toISOString() };
    this.messages.unshift(item);
    this.messages.length = Math.min(this.messages.length, this.capacity);
    return item;
  }

  /** Newest first; optionally only those sent to `to`. */
  list(to?: string): OutboxMessage[] {
    return to ? this.messages.filter((m) => m.to === to) : [...this.messages];
  }
}
