/**
 * Streaming STOMP 1.2 frame decoder (https://stomp.github.io/stomp-specification-1.2.html).
 *
 * SockJS carries text while stompjs counts content-length in UTF-8 bytes, so the decoder works on
 * bytes: every chunk, string or binary, is appended as UTF-8 and frames are cut by byte offsets.
 */
import {
  DEFAULT_FRAME_LIMITS,
  isStompCommand,
  LONGEST_COMMAND,
  StompFrameError,
  unescapeHeaderValue,
  usesValueEncoding,
  type FrameLimits,
  type StompCommand,
  type StompFrame,
  type StompHeaders,
} from './frame.js';

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

export interface DecodeResult {
  frames: StompFrame[];
  /** EOLs seen between frames; each is a heart-beat from the peer. */
  heartbeats: number;
}

/**
 * Streaming decoder: accepts any split of the byte stream (several frames in one chunk, one frame
 * over many chunks) and keeps at most one unfinished frame, bounded by maxFrameBytes. After an
 * error it stays failed; the connection is to be closed.
 */
export class StompFrameDecoder {
  private readonly limits: FrameLimits;
  private buf = Buffer.alloc(1024);
  private start = 0;
  private end = 0;
  private failure: StompFrameError | null = null;
  /** A high surrogate that ended a text chunk; its pair starts the next one. */
  private heldSurrogate = '';

  // State of the frame being read; offsets index `buf`.
  private inFrame = false;
  private frameStart = 0;
  private lineStart = 0;
  private command: StompCommand | null = null;
  private headers: StompHeaders = Object.create(null) as StompHeaders;
  private headerCount = 0;
  private bodyStart = -1;
  private contentLength: number | null = null;
  private nulScan = 0;

  constructor(limits: Partial<FrameLimits> = {}) {
    this.limits = { ...DEFAULT_FRAME_LIMITS, ...limits };
  }

  /** Bytes held for an unfinished frame. */
  get pendingBytes(): number {
    return this.end - this.start;
  }

  push(chunk: string | Uint8Array): DecodeResult {
    if (this.failure) throw this.failure;
    this.append(typeof chunk === 'string' ? this.textBytes(chunk) : chunk);
    const result: DecodeResult = { frames: [], heartbeats: 0 };
    try {
      this.drain(result);
    } catch (error) {
      this.failure =
        error instanceof StompFrameError ? error : new StompFrameError('BAD_HEADER', String(error));
      throw this.failure;
    }
    return result;
  }

  /**
   * A sender that cuts frames by string length (stompjs splitLargeFrames) can split a surrogate
   * pair across messages; encoding the halves apart would corrupt the character.
   */
  private textBytes(chunk: string): Buffer {
    let text = this.heldSurrogate + chunk;
    this.heldSurrogate = '';
    const lastCode = text.charCodeAt(text.length - 1);
    if (lastCode >= 0xd800 && lastCode <= 0xdbff) {
      this.heldSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    return Buffer.from(text, 'utf8');
  }

  private append(bytes: Uint8Array): void {
    if (this.end + bytes.length > this.buf.length) {
      const live = this.end - this.start;
      const needed = live + bytes.length;
      const target =
        needed > this.buf.length / 2 ? Buffer.alloc(Math.max(needed, this.buf.length * 2)) : this.buf;
      this.buf.copy(target, 0, this.start, this.end);
      this.shift(this.start);
      this.buf = target;
    }
    this.buf.set(bytes, this.end);
    this.end += bytes.length;
  }

  /** Moves every offset left after the live bytes were copied to the front. */
  private shift(by: number): void {
    this.start -= by;
    this.end -= by;
    this.frameStart -= by;
    this.lineStart -= by;
    this.bodyStart -= by;
    this.nulScan -= by;
  }

  private drain(result: DecodeResult): void {
    for (;;) {
      if (!this.inFrame) {
        result.heartbeats += this.skipEols();
        if (this.start >= this.end || this.buf[this.start] === CR) break;
        this.beginFrame();
      }
      if (this.bodyStart < 0 && !this.readHeaders()) break;
      const frame = this.readBody();
      if (!frame) break;
      result.frames.push(frame);
    }
    if (!this.inFrame && this.start === this.end) {
      this.start = this.end = 0;
      // A burst of many frames in one chunk grew the buffer; do not keep it per idle socket.
      if (this.buf.length > this.limits.maxFrameBytes * 2) this.buf = Buffer.alloc(1024);
    }
  }

  /** §"Augmented BNF": EOLs before a command; a CR must be followed by LF. */
  private skipEols(): number {
    let count = 0;
    while (this.start < this.end) {
      const byte = this.buf[this.start];
      if (byte === LF) {
        this.start += 1;
      } else if (byte === CR) {
        if (this.start + 1 >= this.end) break;
        if (this.buf[this.start + 1] !== LF) throw new StompFrameError('BAD_EOL', 'CR not followed by LF');
        this.start += 2;
      } else {
        break;
      }
      count += 1;
    }
    return count;
  }

  private beginFrame(): void {
    this.inFrame = true;
    this.frameStart = this.lineStart = this.start;
    this.command = null;
    this.headers = Object.create(null) as StompHeaders;
    this.headerCount = 0;
    this.bodyStart = -1;
    this.contentLength = null;
  }

  /** Reads command and header lines; false while the blank line has not arrived. */
  private readHeaders(): boolean {
    const view = this.buf.subarray(0, this.end);
    for (;;) {
      const lf = view.indexOf(LF, this.lineStart);
      if (lf < 0) {
        this.checkPartialLine();
        return false;
      }
      this.checkFrameSize(lf + 1);
      const lineEnd = lf > this.lineStart && view[lf - 1] === CR ? lf - 1 : lf;
      const lineBytes = lineEnd - this.lineStart;
      const line = view.toString('utf8', this.lineStart, lineEnd);
      this.lineStart = lf + 1;
      if (this.command === null) {
        this.command = parseCommand(line);
        continue;
      }
      if (line === '') {
        this.bodyStart = this.nulScan = this.lineStart;
        this.contentLength = this.readContentLength();
        return true;
      }
      if (lineBytes > this.limits.maxHeaderLength) {
        throw new StompFrameError('HEADER_TOO_LONG', `header line over ${this.limits.maxHeaderLength} bytes`);
      }
      this.headerCount += 1;
      if (this.headerCount > this.limits.maxHeaders) {
        throw new StompFrameError('TOO_MANY_HEADERS', `more than ${this.limits.maxHeaders} headers`);
      }
      this.addHeader(line);
    }
  }

  private checkPartialLine(): void {
    const partial = this.end - this.lineStart;
    if (this.command === null && partial > LONGEST_COMMAND + 1) {
      throw new StompFrameError('UNKNOWN_COMMAND', 'no STOMP command at the start of the frame');
    }
    if (this.command !== null && partial > this.limits.maxHeaderLength + 1) {
      throw new StompFrameError('HEADER_TOO_LONG', `header line over ${this.limits.maxHeaderLength} bytes`);
    }
    this.checkFrameSize(this.end);
  }

  private checkFrameSize(upTo: number): void {
    if (upTo - this.frameStart > this.limits.maxFrameBytes) {
      throw new StompFrameError('FRAME_TOO_LARGE', `frame over ${this.limits.maxFrameBytes} bytes`);
    }
  }

  /** §"Header line" grammar: name ":" value; the first colon separates them. */
  private addHeader(line: string): void {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new StompFrameError('BAD_HEADER', 'header line without a name and colon');
    const raw = [line.slice(0, colon), line.slice(colon + 1)] as const;
    const escaped = this.command !== null && usesValueEncoding(this.command);
    const name = escaped ? unescapeHeaderValue(raw[0]) : raw[0];
    const value = escaped ? unescapeHeaderValue(raw[1]) : raw[1];
    if (!(name in this.headers)) this.headers[name] = value;
  }

  /** §"Header content-length": octets of the body; it must fit the frame limit. */
  private readContentLength(): number | null {
    const text = this.headers['content-length'];
    if (text === undefined) return null;
    if (!/^\d{1,10}$/.test(text))
      throw new StompFrameError('BAD_CONTENT_LENGTH', 'content-length is not a number');
    const length = Number(text);
    this.checkFrameSize(this.bodyStart + length + 1);
    return length;
  }

  /** §"Body": content-length octets then NUL, or everything up to the first NUL. */
  private readBody(): StompFrame | null {
    let bodyEnd: number;
    if (this.contentLength !== null) {
      const nulAt = this.bodyStart + this.contentLength;
      if (this.end <= nulAt) return null;
      if (this.buf[nulAt] !== NUL)
        throw new StompFrameError('MISSING_NUL', 'no NUL after content-length bytes');
      bodyEnd = nulAt;
    } else {
      const nulAt = this.buf.subarray(0, this.end).indexOf(NUL, this.nulScan);
      if (nulAt < 0) {
        this.nulScan = this.end;
        this.checkFrameSize(this.end);
        return null;
      }
      this.checkFrameSize(nulAt + 1);
      bodyEnd = nulAt;
    }
    const frame: StompFrame = {
      command: this.command as StompCommand,
      headers: this.headers,
      body: this.buf.toString('utf8', this.bodyStart, bodyEnd),
    };
    this.start = bodyEnd + 1;
    this.inFrame = false;
    return frame;
  }
}

function parseCommand(line: string): StompCommand {
  if (!isStompCommand(line))
    throw new StompFrameError('UNKNOWN_COMMAND', `unknown command ${line.slice(0, 16)}`);
  return line;
}
