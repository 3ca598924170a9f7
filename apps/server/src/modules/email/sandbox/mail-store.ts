/**
 * The sandbox bank's mailboxes: messages kept in memory per IMAP user, each with a UID that only
 * grows. A restart empties them and changes UIDVALIDITY, which is exactly what a real server says
 * when its UIDs are no longer comparable: the poller then starts that mailbox from the beginning
 * (and a message it already stored is refused by its Message-ID, never stored twice).
 */
export interface StoredMessage {
  uid: number;
  raw: Buffer;
  internalDate: Date;
}

export class SandboxMailStore {
  /** Seconds since the epoch at start: a new value after each restart (RFC 3501 2.3.1.1). */
  readonly uidValidity = Math.floor(Date.now() / 1000);
  private readonly boxes = new Map<string, StoredMessage[]>();
  private nextUid = 1;

  deliver(user: string, raw: Buffer, internalDate: Date): StoredMessage {
    const message = { uid: this.nextUid++, raw, internalDate };
    const box = this.boxes.get(user) ?? [];
    box.push(message);
    this.boxes.set(user, box);
    return message;
  }

  messages(user: string): readonly StoredMessage[] {
    return this.boxes.get(user) ?? [];
  }
}
