/**
 * Icon containers packed in plain Node, from PNGs: Windows .ico and macOS .icns both accept PNG
 * payloads (Vista+ / OS X 10.7+), so no image library is needed.
 */

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height, from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(PNG_MAGIC)) throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** ICO: a 6-byte header, a 16-byte entry per image, then the PNGs (each square, at most 256). */
export function packIco(pngs: readonly Buffer[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map((png) => {
    const { width, height } = pngSize(png);
    if (width !== height || width > 256) throw new Error(`ICO images are square, ≤256: ${width}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(width === 256 ? 0 : width, 0); // 0 means 256
    entry.writeUInt8(height === 256 ? 0 : height, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs]);
}

/** The ICNS types that hold a PNG, by pixel size (ic11–ic14 are the @2x of 16–256). */
export const ICNS_TYPES = [
  ['ic11', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic13', 256],
  ['ic08', 256],
  ['ic14', 512],
  ['ic09', 512],
  ['ic10', 1024],
] as const;

/** ICNS: 'icns' and the total length, then per image its type, its length (with this 8-byte head) and the PNG. */
export function packIcns(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const chunks = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size);
    if (!png) throw new Error(`no ${size}px PNG for ${type}`);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + body.length, 4);
  return Buffer.concat([head, body]);
}
