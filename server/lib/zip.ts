import zlib from "node:zlib";

/**
 * A small ZIP writer (PKZIP 2.0: deflate, UTF-8 names, no ZIP64), enough for the account export:
 * files are added one at a time and compressed as they come, so only the compressed archive is
 * held, never every source row. Archives stay far below ZIP64's 4 GiB and 65,535 entries.
 */
export class ZipWriter {
  private readonly parts: Buffer[] = [];
  private readonly central: Buffer[] = [];
  private offset = 0;
  private count = 0;

  /** Adds one file; `name` is a relative path with "/" separators (UTF-8, Chinese welcome). */
  add(name: string, content: string | Buffer, modified = new Date()): void {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    this.record(name, zlib.deflateRawSync(data), zlib.crc32(data), data.length, modified);
  }

  /**
   * Adds one file whose text arrives in pieces (a JSON list read a page at a time): each piece is
   * compressed as it comes, so the file's plain text is never held whole.
   */
  async addStream(name: string, pieces: AsyncIterable<string>, modified = new Date()): Promise<void> {
    const deflate = zlib.createDeflateRaw();
    const packed: Buffer[] = [];
    deflate.on("data", (b: Buffer) => packed.push(b));
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on("end", resolve);
      deflate.on("error", reject);
    });
    let crc = 0;
    let size = 0;
    for await (const piece of pieces) {
      const bytes = Buffer.from(piece, "utf8");
      crc = zlib.crc32(bytes, crc);
      size += bytes.length;
      deflate.write(bytes);
    }
    deflate.end();
    await ended;
    this.record(name, Buffer.concat(packed), crc, size, modified);
  }

  private record(name: string, packed: Buffer, crc: number, size: number, modified: Date): void {
    const nameBytes = Buffer.from(name, "utf8");
    const file = { packed, crc, size, modified, nameLength: nameBytes.length };
    // The local header; its extra field length stays 0.
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeFileFields(local, 4, file);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4); // version made by: 2.0
    writeFileFields(head, 6, file);
    // Extra, comment, disk, internal attributes: 0; external attributes: a plain file.
    head.writeUInt32LE(0, 38);
    head.writeUInt32LE(this.offset, 42);
    this.parts.push(local, nameBytes, packed);
    this.central.push(head, nameBytes);
    this.offset += local.length + nameBytes.length + packed.length;
    this.count++;
  }

  /** The whole archive: the files, the central directory and its end record. */
  finish(): Buffer {
    const directory = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([...this.parts, directory, end]);
  }
}

/**
 * The fields a file's local header and its central directory entry share, in the same order: the
 * central entry has them two bytes further on, after its "version made by".
 */
function writeFileFields(
  header: Buffer,
  at: number,
  file: { packed: Buffer; crc: number; size: number; modified: Date; nameLength: number },
): void {
  const { time, date } = dosTime(file.modified);
  header.writeUInt16LE(20, at); // version needed: 2.0
  header.writeUInt16LE(0x0800, at + 2); // bit 11: the name is UTF-8
  header.writeUInt16LE(8, at + 4); // method 8: deflate
  header.writeUInt16LE(time, at + 6);
  header.writeUInt16LE(date, at + 8);
  header.writeUInt32LE(file.crc, at + 10);
  header.writeUInt32LE(file.packed.length, at + 14);
  header.writeUInt32LE(file.size, at + 18);
  header.writeUInt16LE(file.nameLength, at + 22);
}

/** MS-DOS date and time fields (two-second precision, local fields read as UTC). */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}
