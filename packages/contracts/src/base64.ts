/**
 * Passwords travel base64-encoded (seed 000 section 7, docs/ARCHITECTURE.md 'The API'). The client encodes the
 * UTF-8 bytes of the password, the server decodes and validates them. Written without DOM or Node
 * globals so that the same code runs in the browser, on the server and in the shared schemas.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const INDEX = new Map([...ALPHABET].map((char, index) => [char, index]));

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point < 0x80) bytes.push(point);
    else if (point < 0x800) bytes.push(0xc0 | (point >> 6), 0x80 | (point & 0x3f));
    else if (point < 0x10000) bytes.push(0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
    else bytes.push(0xf0 | (point >> 18), 0x80 | ((point >> 12) & 0x3f), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f));
  }
  return bytes;
}

/** Strict UTF-8 decoding: undefined for any malformed or overlong sequence. */
function utf8Text(bytes: number[]): string | undefined {
  let text = '';
  for (let i = 0; i < bytes.length;) {
    const first = bytes[i]!;
    const length = first < 0x80 ? 1 : first >> 5 === 0x6 ? 2 : first >> 4 === 0xe ? 3 : first >> 3 === 0x1e ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return undefined;
    let point = length === 1 ? first : first & (0xff >> (length + 1));
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k]!;
      if (next >> 6 !== 0x2) return undefined;
      point = (point << 6) | (next & 0x3f);
    }
    const minimum = [0, 0, 0x80, 0x800, 0x10000][length]!;
    if (point < minimum || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return undefined;
    text += String.fromCodePoint(point);
    i += length;
  }
  return text;
}

export function encodeBase64Utf8(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const chunk = (a << 16) | (b << 8) | c;
    out += ALPHABET[(chunk >> 18) & 63]! + ALPHABET[(chunk >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(chunk >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[chunk & 63]! : '=';
  }
  return out;
}

/** The text a base64 string encodes, or undefined when it is not base64 of UTF-8 text. */
export function decodeBase64Utf8(encoded: string): string | undefined {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return undefined;
  const body = encoded.replace(/=+$/, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of body) {
    buffer = (buffer << 6) | INDEX.get(char)!;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return utf8Text(bytes);
}
