// RESP2 (REdis Serialization Protocol) encoder and incremental parser.
//
// Replies keep enough type information for the Upstash REST mapping:
// - bulk strings are Buffers (binary safe; the REST layer decides utf8 vs base64),
// - simple strings ("+OK") are SimpleString instances, so "OK" can stay unencoded,
// - errors ("-ERR ...") are RespError instances (values, not thrown),
// - integers are numbers, nil bulk / nil array are null, arrays are JS arrays.

export class SimpleString {
  /** @param {string} value */
  constructor(value) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

export class RespError {
  /** @param {string} message */
  constructor(message) {
    this.message = message;
  }
  toString() {
    return this.message;
  }
}

/**
 * Encode one command as a RESP array of bulk strings.
 * Non-string arguments are stringified the way Upstash does for JSON bodies:
 * numbers/booleans via String(), null as "", objects as JSON.
 * @param {unknown[]} args
 * @returns {Buffer}
 */
export function encodeCommand(args) {
  /** @type {Buffer[]} */
  const parts = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const buf = Buffer.isBuffer(arg) ? arg : Buffer.from(argToString(arg), "utf8");
    parts.push(Buffer.from(`$${buf.length}\r\n`), buf, CRLF);
  }
  return Buffer.concat(parts);
}

/** @param {unknown} arg */
function argToString(arg) {
  if (typeof arg === "string") return arg;
  if (arg === null || arg === undefined) return "";
  if (typeof arg === "object") return JSON.stringify(arg);
  return String(arg);
}

const CRLF = Buffer.from("\r\n");
const INCOMPLETE = Symbol("incomplete");

/**
 * Incremental RESP2 parser: feed() socket chunks, receive complete replies in order.
 */
export class RespParser {
  /** @param {(reply: unknown) => void} onReply */
  constructor(onReply) {
    this.onReply = onReply;
    /** @type {Buffer} */
    this.buffer = Buffer.alloc(0);
    this.offset = 0;
  }

  /** @param {Buffer} chunk */
  feed(chunk) {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      this.offset = 0;
      const reply = this.#parse();
      if (reply === INCOMPLETE) return;
      this.buffer = this.buffer.subarray(this.offset);
      this.onReply(reply);
      if (this.buffer.length === 0) return;
    }
  }

  /** @returns {string | typeof INCOMPLETE} */
  #line() {
    const end = this.buffer.indexOf(CRLF, this.offset);
    if (end === -1) return INCOMPLETE;
    const line = this.buffer.toString("utf8", this.offset, end);
    this.offset = end + 2;
    return line;
  }

  /** @returns {unknown} */
  #parse() {
    if (this.offset >= this.buffer.length) return INCOMPLETE;
    const type = String.fromCharCode(this.buffer[this.offset]);
    this.offset += 1;
    const line = this.#line();
    if (line === INCOMPLETE) return INCOMPLETE;
    switch (type) {
      case "+":
        return new SimpleString(line);
      case "-":
        return new RespError(line);
      case ":":
        return Number(line);
      case "$": {
        const len = Number(line);
        if (len < 0) return null;
        if (this.buffer.length < this.offset + len + 2) return INCOMPLETE;
        const value = this.buffer.subarray(this.offset, this.offset + len);
        this.offset += len + 2;
        // Copy so the reply does not pin the (possibly large) receive buffer.
        return Buffer.from(value);
      }
      case "*": {
        const count = Number(line);
        if (count < 0) return null;
        const items = new Array(count);
        for (let i = 0; i < count; i++) {
          const item = this.#parse();
          if (item === INCOMPLETE) return INCOMPLETE;
          items[i] = item;
        }
        return items;
      }
      default:
        throw new Error(`RESP protocol error: unexpected type byte ${JSON.stringify(type)}`);
    }
  }
}
