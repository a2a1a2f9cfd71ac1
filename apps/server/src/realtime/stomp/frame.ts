/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): commands, header value
 * encoding and serialisation. Decoding is in frame-decoder.ts.
 */
import { MAX_FRAME_BYTES, MAX_HEADER_LENGTH, MAX_HEADERS } from '@postline/shared/realtime';

/** §"Client Frames" and §"Server Frames". */
export const CLIENT_COMMANDS = [
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'ACK',
  'NACK',
  'DISCONNECT',
] as const;
export const SERVER_COMMANDS = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;
export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = (typeof SERVER_COMMANDS)[number];
export type StompCommand = ClientCommand | ServerCommand;

const COMMANDS: ReadonlySet<string> = new Set<string>([...CLIENT_COMMANDS, ...SERVER_COMMANDS]);
export const LONGEST_COMMAND = Math.max(...[...COMMANDS].map((c) => c.length));

export function isStompCommand(text: string): text is StompCommand {
  return COMMANDS.has(text);
}

/** Header names map to values; a repeated header keeps its first value (§"Repeated Header Entries"). */
export type StompHeaders = Record<string, string>;

export interface StompFrame {
  command: StompCommand;
  headers: StompHeaders;
  body: string;
}

export type StompFrameErrorCode =
  | 'UNKNOWN_COMMAND'
  | 'TOO_MANY_HEADERS'
  | 'HEADER_TOO_LONG'
  | 'FRAME_TOO_LARGE'
  | 'BAD_HEADER'
  | 'BAD_ESCAPE'
  | 'BAD_CONTENT_LENGTH'
  | 'MISSING_NUL'
  | 'BAD_EOL';

export class StompFrameError extends Error {
  constructor(
    readonly code: StompFrameErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StompFrameError';
  }
}

export interface FrameLimits {
  maxFrameBytes: number;
  maxHeaders: number;
  /** Bytes of one header line, name and value together, without its EOL. */
  maxHeaderLength: number;
}

export const DEFAULT_FRAME_LIMITS: Readonly<FrameLimits> = {
  maxFrameBytes: MAX_FRAME_BYTES,
  maxHeaders: MAX_HEADERS,
  maxHeaderLength: MAX_HEADER_LENGTH,
};

/** §"Heart-beating": an EOL on its own is a heart-beat. */
export const HEARTBEAT = '\n';

/** §"Value Encoding": CONNECT and CONNECTED are exempt so that 1.0 peers can still connect. */
export function usesValueEncoding(command: StompCommand): boolean {
  return command !== 'CONNECT' && command !== 'CONNECTED';
}

export function escapeHeaderValue(text: string): string {
  return text.replace(/[\\\r\n:]/g, (ch) => {
    switch (ch) {
      case '\\':
        return '\\\\';
      case '\r':
        return '\\r';
      case '\n':
        return '\\n';
      default:
        return '\\c';
    }
  });
}

/** §"Value Encoding": any other escape sequence is a fatal protocol error. */
export function unescapeHeaderValue(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(.?)/gs, (_, ch: string) => {
    switch (ch) {
      case '\\':
        return '\\';
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 'c':
        return ':';
      default:
        throw new StompFrameError('BAD_ESCAPE', `undefined escape sequence \\${ch}`);
    }
  });
}

/**
 * Serialises a frame as text for SockJS (§"STOMP Frames"). A body gets a content-length in UTF-8
 * bytes (§"Header content-length"), replacing any the caller set.
 */
export function encodeFrame(frame: { command: StompCommand; headers?: StompHeaders; body?: string }): string {
  const body = frame.body ?? '';
  const escape = usesValueEncoding(frame.command);
  let text = `${frame.command}\n`;
  for (const [name, value] of Object.entries(frame.headers ?? {})) {
    if (name === 'content-length') continue;
    text += escape ? `${escapeHeaderValue(name)}:${escapeHeaderValue(value)}\n` : `${name}:${value}\n`;
  }
  if (body !== '') text += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return `${text}\n${body}\0`;
}
