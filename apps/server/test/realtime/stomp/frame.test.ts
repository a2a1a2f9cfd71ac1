import { FrameImpl, Parser, type IRawFrameType } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES } from '@postline/shared/realtime';
import { encodeFrame, StompFrameError, type StompFrame } from '../../../src/realtime/stomp/frame.js';
import { StompFrameDecoder } from '../../../src/realtime/stomp/frame-decoder.js';

const KOREAN = '{"subject":"회의 일정 안내 📅","from":"김민수"}';

function decodeAll(...chunks: Array<string | Uint8Array>): { frames: StompFrame[]; heartbeats: number } {
  const decoder = new StompFrameDecoder();
  const out = { frames: [] as StompFrame[], heartbeats: 0 };
  for (const chunk of chunks) {
    const result = decoder.push(chunk);
    out.frames.push(...result.frames);
    out.heartbeats += result.heartbeats;
  }
  return out;
}

function errorCodeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof StompFrameError) return error.code;
    throw error;
  }
  return undefined;
}

describe('STOMP frame encoding and decoding', () => {
  it('round-trips a Korean JSON body with content-length counted in UTF-8 bytes', () => {
    const text = encodeFrame({
      command: 'MESSAGE',
      headers: { destination: '/user/queue/notifications' },
      body: KOREAN,
    });
    expect(text).toContain(`content-length:${Buffer.byteLength(KOREAN, 'utf8')}\n`);
    expect(Buffer.byteLength(KOREAN, 'utf8')).toBeGreaterThan(KOREAN.length);
    const { frames } = decodeAll(text);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.command).toBe('MESSAGE');
    expect(frames[0]?.headers.destination).toBe('/user/queue/notifications');
    expect(frames[0]?.body).toBe(KOREAN);
  });

  it('reads a body by its byte content-length even when it holds NUL', () => {
    const body = '가\0나';
    const text = `SEND\ndestination:/app/test\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    expect(decodeAll(text).frames[0]?.body).toBe(body);
  });

  it('refuses a content-length that counts characters instead of bytes', () => {
    const text = `SEND\ndestination:/app/test\ncontent-length:${KOREAN.length}\n\n${KOREAN}\0`;
    expect(errorCodeOf(() => decodeAll(text))).toBe('MISSING_NUL');
  });

  it('without content-length reads up to the first NUL', () => {
    const { frames } = decodeAll('SEND\ndestination:/app/connect\n\n{}\0');
    expect(frames[0]?.body).toBe('{}');
  });

  it('escapes \\r \\n : and \\ in header values and restores them', () => {
    const value = 'a:b\\c\nd\re';
    const text = encodeFrame({ command: 'MESSAGE', headers: { 'x-odd': value } });
    expect(text).toContain('x-odd:a\\cb\\\\c\\nd\\re\n');
    expect(decodeAll(text).frames[0]?.headers['x-odd']).toBe(value);
  });

  it('leaves CONNECT and CONNECTED headers unescaped', () => {
    const text = encodeFrame({ command: 'CONNECT', headers: { passcode: 'a:b' } });
    expect(text).toContain('passcode:a:b\n');
    expect(decodeAll('CONNECT\nlogin:x\\cy\n\n\0').frames[0]?.headers.login).toBe('x\\cy');
  });

  it('treats an undefined escape sequence as fatal', () => {
    expect(errorCodeOf(() => decodeAll('SEND\ndestination:a\\tb\n\n\0'))).toBe('BAD_ESCAPE');
  });

  it('keeps the first of repeated headers', () => {
    const { frames } = decodeAll('MESSAGE\nfoo:first\nfoo:second\n\n\0');
    expect(frames[0]?.headers.foo).toBe('first');
  });

  it('assembles one frame sent across many chunks, even split inside a Korean character', () => {
    const text = encodeFrame({ command: 'SEND', headers: { destination: '/app/test' }, body: KOREAN });
    for (let cut = 1; cut < text.length; cut += 1) {
      const { frames } = decodeAll(text.slice(0, cut), text.slice(cut));
      expect(frames.map((f) => f.body)).toEqual([KOREAN]);
    }
    const bytes = Buffer.from(text, 'utf8');
    const byByte = decodeAll(...[...bytes].map((b) => Uint8Array.of(b)));
    expect(byByte.frames.map((f) => f.body)).toEqual([KOREAN]);
  });

  it('splits several frames in one chunk and counts heart-beat EOLs between them', () => {
    const one = encodeFrame({ command: 'SEND', headers: { destination: '/app/connect' }, body: '{}' });
    const two = encodeFrame({ command: 'SEND', headers: { destination: '/app/test' }, body: KOREAN });
    const { frames, heartbeats } = decodeAll(`\n${one}\r\n\n${two}\n`);
    expect(frames.map((f) => f.headers.destination)).toEqual(['/app/connect', '/app/test']);
    expect(heartbeats).toBe(4);
  });

  it('treats lone EOLs as heart-beats without frames, also a CRLF split over two chunks', () => {
    expect(decodeAll('\n', '\r', '\n', '\r\n')).toEqual({ frames: [], heartbeats: 3 });
  });

  it('accepts CRLF line endings inside a frame', () => {
    const { frames } = decodeAll('SUBSCRIBE\r\nid:sub-0\r\ndestination:/user/queue/notifications\r\n\r\n\0');
    expect(frames[0]?.headers).toEqual({ id: 'sub-0', destination: '/user/queue/notifications' });
  });

  it('rejects unknown commands and garbage', () => {
    expect(errorCodeOf(() => decodeAll('HELLO\n\n\0'))).toBe('UNKNOWN_COMMAND');
    expect(errorCodeOf(() => decodeAll('GET / HTTP/1.1 and a lot more garbage'))).toBe('UNKNOWN_COMMAND');
    expect(errorCodeOf(() => decodeAll('\r\x00'))).toBe('BAD_EOL');
  });

  it('rejects too many headers', () => {
    const headers = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`h${i}`, 'v']));
    expect(errorCodeOf(() => decodeAll(encodeFrame({ command: 'SEND', headers })))).toBe('TOO_MANY_HEADERS');
    const fine = Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`h${i}`, 'v']));
    expect(decodeAll(encodeFrame({ command: 'SEND', headers: fine })).frames).toHaveLength(1);
  });

  it('rejects a header line that is too long, also before it is complete', () => {
    const long = 'x'.repeat(2000);
    expect(errorCodeOf(() => decodeAll(encodeFrame({ command: 'SEND', headers: { long } })))).toBe(
      'HEADER_TOO_LONG',
    );
    expect(errorCodeOf(() => decodeAll(`SEND\nlong:${long}`))).toBe('HEADER_TOO_LONG');
  });

  it('rejects an oversize frame with or without content-length, without buffering it all', () => {
    const body = 'a'.repeat(MAX_FRAME_BYTES);
    expect(errorCodeOf(() => decodeAll(encodeFrame({ command: 'SEND', body })))).toBe('FRAME_TOO_LARGE');
    expect(errorCodeOf(() => decodeAll('SEND\ncontent-length:99999999\n\n'))).toBe('FRAME_TOO_LARGE');

    const decoder = new StompFrameDecoder();
    decoder.push('SEND\ndestination:/app/test\n\n');
    let code: string | undefined;
    for (let i = 0; i < 100 && !code; i += 1) code = errorCodeOf(() => decoder.push('b'.repeat(1024)));
    expect(code).toBe('FRAME_TOO_LARGE');
    expect(decoder.pendingBytes).toBeLessThanOrEqual(MAX_FRAME_BYTES + 1024);
  });

  it('rejects a content-length that is not a number', () => {
    expect(errorCodeOf(() => decodeAll('SEND\ncontent-length:abc\n\n\0'))).toBe('BAD_CONTENT_LENGTH');
  });

  it('stays failed after an error', () => {
    const decoder = new StompFrameDecoder();
    expect(() => decoder.push('NOPE\n\n\0')).toThrow(StompFrameError);
    expect(() => decoder.push('SEND\n\n\0')).toThrow(StompFrameError);
  });

  it('decodes frames serialised by stompjs and is understood by the stompjs parser', () => {
    const fromClient = new FrameImpl({
      command: 'SEND',
      headers: { destination: '/app/test', 'x-note': 'a:b' },
      body: KOREAN,
      escapeHeaderValues: true,
    }).serialize() as string;
    const decoded = decodeAll(fromClient).frames[0];
    expect(decoded?.headers['x-note']).toBe('a:b');
    expect(decoded?.body).toBe(KOREAN);

    const raw: IRawFrameType[] = [];
    const parser = new Parser(
      (f) => raw.push(f),
      () => undefined,
    );
    parser.parseChunk(encodeFrame({ command: 'MESSAGE', headers: { subscription: 'sub-0' }, body: KOREAN }));
    const parsed = FrameImpl.fromRawFrame(raw[0] as IRawFrameType, true);
    expect(parsed.headers.subscription).toBe('sub-0');
    expect(parsed.body).toBe(KOREAN);
  });
});
