import { describe, expect, it } from 'vitest';
import { USER_NOTIFICATIONS_QUEUE } from '@postline/shared/realtime';
import { SessionRegistry } from '../../../src/realtime/stomp/registry.js';
import { STOMP_CLOSE_CODES } from '../../../src/realtime/stomp/protocol.js';
import { connect, createHarness, frame, type Harness } from './harness.js';

const PUSH = { id: 3, type: 'NEW_MESSAGE', title: '새 메일이 도착했습니다', content: '김민수: 회의 일정' };

async function connectedFor(registry: SessionRegistry, token: string, subscribe = true): Promise<Harness> {
  const h = createHarness({ onOpen: (s) => registry.add(s), onClose: (s) => registry.remove(s) });
  await connect(h, { Authorization: `Bearer ${token}` });
  if (subscribe)
    h.session.receive(frame('SUBSCRIBE', { id: 'sub-0', destination: USER_NOTIFICATIONS_QUEUE }));
  return h;
}

function messages(h: Harness): unknown[] {
  return h.frames.filter((f) => f.command === 'MESSAGE').map((f) => JSON.parse(f.body));
}

describe('STOMP session registry', () => {
  it('pushes only to the sessions of that user that subscribed', async () => {
    const registry = new SessionRegistry();
    const laptop = await connectedFor(registry, 'good');
    const phone = await connectedFor(registry, 'good');
    const idle = await connectedFor(registry, 'good', false);
    const someoneElse = await connectedFor(registry, 'other');
    expect(registry.count()).toBe(4);
    expect(registry.countForUser(7)).toBe(3);

    expect(registry.pushToUser(7, USER_NOTIFICATIONS_QUEUE, PUSH)).toBe(2);
    expect(messages(laptop)).toEqual([PUSH]);
    expect(messages(phone)).toEqual([PUSH]);
    expect(messages(idle)).toEqual([]);
    expect(messages(someoneElse)).toEqual([]);
    expect(registry.pushToUser(99, USER_NOTIFICATIONS_QUEUE, PUSH)).toBe(0);
    registry.closeAll();
  });

  it('forgets sessions that close, whichever side closes', async () => {
    const registry = new SessionRegistry();
    const a = await connectedFor(registry, 'good');
    const b = await connectedFor(registry, 'good');
    a.session.transportClosed();
    b.session.receive(frame('DISCONNECT'));
    expect(registry.count()).toBe(0);
    expect(registry.pushToUser(7, USER_NOTIFICATIONS_QUEUE, PUSH)).toBe(0);
  });

  it('never registers a session that failed to connect', async () => {
    const registry = new SessionRegistry();
    await connectedFor(registry, 'forged');
    expect(registry.count()).toBe(0);
  });

  it('revokeFamily closes every session of that refresh family and no other', async () => {
    const registry = new SessionRegistry();
    const a = await connectedFor(registry, 'good');
    const b = await connectedFor(registry, 'good');
    const other = await connectedFor(registry, 'other');
    expect(registry.revokeFamily('family-7')).toBe(2);
    for (const h of [a, b]) {
      expect(h.frames.at(-1)?.command).toBe('ERROR');
      expect(h.session.state).toBe('closed');
    }
    expect(other.session.state).toBe('connected');
    expect(registry.count()).toBe(1);
    registry.closeAll();
  });

  it('closeExpired ends sessions whose token expired beyond the grace time', async () => {
    const registry = new SessionRegistry();
    let now = Date.now();
    const h = createHarness({
      now: () => now,
      authenticate: async () => ({ userId: 7, sid: 'f', exp: Math.floor(now / 1000) + 900 }),
      onOpen: (s) => registry.add(s),
      onClose: (s) => registry.remove(s),
    });
    await connect(h);
    expect(registry.closeExpired(60_000)).toBe(0);
    now += 900_000 + 61_000;
    expect(registry.closeExpired(60_000)).toBe(1);
    expect(registry.count()).toBe(0);
  });

  it('closeAll closes every socket as going away', async () => {
    const registry = new SessionRegistry();
    const a = await connectedFor(registry, 'good');
    const b = await connectedFor(registry, 'other');
    registry.closeAll();
    expect(registry.count()).toBe(0);
    expect([a.closes[0]?.code, b.closes[0]?.code]).toEqual([
      STOMP_CLOSE_CODES.goingAway,
      STOMP_CLOSE_CODES.goingAway,
    ]);
  });
});
