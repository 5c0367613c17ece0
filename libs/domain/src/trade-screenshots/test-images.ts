/**
 * Tiny but valid images made byte by byte for the tests (no image library in the repo): a 1×1 PNG, an 8×8 grey
 * baseline JPEG and a 1×1 lossless WebP, each decodable by a browser, and each told apart only by its signature.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1×1 RGB PNG of one colour. */
export function tinyPng(rgb: readonly [number, number, number] = [0x33, 0x66, 0xcc]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))), // one scanline: filter 0, then the pixel
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8×8 mid-grey baseline JPEG: one component, quantisation all 1, and Huffman tables of one code each (the DC
 * difference 0 and the AC end-of-block), so the whole scan is the two bits "00", padded with ones.
 */
export function tinyJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const oneCodeTable = (tableClass: number) => segment(0xc4, [tableClass << 4, 1, ...new Array<number>(15).fill(0), 0x00]);
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...oneCodeTable(0),
    ...oneCodeTable(1),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** LSB-first bit writer, as VP8L reads its stream. */
class Bits {
  private readonly bytes: number[] = [];
  private used = 0;
  put(value: number, count: number): this {
    for (let i = 0; i < count; i += 1) {
      if (this.used % 8 === 0) this.bytes.push(0);
      if ((value >> i) & 1) this.bytes[this.bytes.length - 1] = (this.bytes[this.bytes.length - 1] as number) | (1 << (this.used % 8));
      this.used += 1;
    }
    return this;
  }
  done(): Buffer {
    return Buffer.from(this.bytes);
  }
}

/** A 1×1 lossless WebP (VP8L): no transforms, and five "simple" prefix codes of one symbol each, so the pixel costs no bits. */
export function tinyWebp([r, g, b, a]: readonly [number, number, number, number] = [0x33, 0x66, 0xcc, 0xff]): Buffer {
  const bits = new Bits().put(0x2f, 8).put(0, 14).put(0, 14).put(0, 1).put(0, 3); // signature, 1×1, no alpha hint, version 0
  bits.put(0, 1).put(0, 1).put(0, 1); // no transform, no colour cache, no meta prefix codes
  for (const symbol of [g, r, b, a]) bits.put(1, 1).put(0, 1).put(1, 1).put(symbol, 8); // simple code, one 8-bit symbol
  bits.put(1, 1).put(0, 1).put(0, 1).put(0, 1); // distance: simple code, one 1-bit symbol (0)
  const data = bits.done();
  const padded = data.length % 2 === 1 ? Buffer.concat([data, Buffer.alloc(1)]) : data;
  const chunk = Buffer.concat([Buffer.from('VP8L', 'ascii'), u32le(data.length), padded]);
  return Buffer.concat([Buffer.from('RIFF', 'ascii'), u32le(4 + chunk.length), Buffer.from('WEBP', 'ascii'), chunk]);
}

const u32le = (n: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(n);
  return out;
};
