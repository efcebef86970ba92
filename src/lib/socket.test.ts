import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_AUTH_INFO } from '#contract/realtime.ts';
import { connectRealtime, subscribeRealtime } from './socket.ts';

/** A stand-in for socket.io-client's socket: records connects, lets the test fire events. */
function fakeIo() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const calls: { url: string; options: Record<string, unknown> }[] = [];
  const socket = {
    connects: 0,
    disconnected: false,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    onAny(handler: (event: string, ...args: unknown[]) => void) {
      handlers.set('*', [...(handlers.get('*') ?? []), handler as (...args: unknown[]) => void]);
      return socket;
    },
    connect() {
      socket.connects++;
      return socket;
    },
    disconnect() {
      socket.disconnected = true;
      return socket;
    },
    removeAllListeners() {
      for (const event of [...handlers.keys()]) if (event !== '*') handlers.delete(event);
      return socket;
    },
    offAny() {
      handlers.delete('*');
      return socket;
    },
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get('*') ?? []) handler(event, ...args);
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
  const io = ((url: string, options: Record<string, unknown>) => {
    calls.push({ url, options });
    return socket;
  }) as unknown as Parameters<typeof connectRealtime>[0]['connect'];
  return { io, socket, calls };
}

afterEach(() => vi.useRealTimers());

describe('connectRealtime (spec section 7: auth_info + source erp)', () => {
  it("sends the stored code as auth_info with source 'erp', read at each connection", async () => {
    const { io, socket, calls } = fakeIo();
    let code = 'first';
    connectRealtime({
      url: 'http://x',
      getCode: () => code,
      fetchCode: async () => code,
      handlers: {},
      connect: io,
    });
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    const auth = calls[0]!.options.auth as (cb: (a: unknown) => void) => void;
    let sent: unknown;
    auth((a) => (sent = a));
    expect(sent).toEqual({ auth_info: 'first', source: 'erp' });
    code = 'second';
    auth((a) => (sent = a));
    expect(sent).toEqual({ auth_info: 'second', source: 'erp' });
    expect(calls[0]!.options.path).toBe('/socket.io');
  });

  it('fetches a code first when none is stored', async () => {
    const { io, socket } = fakeIo();
    let stored: string | null = null;
    const fetchCode = vi.fn(async () => (stored = 'new'));
    connectRealtime({ url: 'http://x', getCode: () => stored, fetchCode, handlers: {}, connect: io });
    await vi.waitFor(() => expect(socket.connects).toBe(1));
    expect(fetchCode).toHaveBeenCalledTimes(1);
  });

  it("on 'invalid auth_info' fetches a new code and connects again, backing off when it repeats", async () => {
    vi.useFakeTimers();
    const { io, socket } = fakeIo();
    const fetchCode = vi.fn(async () => 'fresh');
    connectRealtime({ url: 'http://x', getCode: () => 'old', fetchCode, handlers: {}, connect: io });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.connects).toBe(1);

    socket.fire('connect_error', new Error(INVALID_AUTH_INFO));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchCode).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(2);

    socket.fire('connect_error', new Error(INVALID_AUTH_INFO));
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.connects).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.connects).toBe(3);

    // Another kind of error is socket.io's own reconnection business.
    socket.fire('connect_error', new Error('xhr poll error'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchCode).toHaveBeenCalledTimes(2);
  });

  it('hands server events to the subscribers of features too, until they unsubscribe', async () => {
    const { io, socket } = fakeIo();
    const seen = vi.fn();
    const unsubscribe = subscribeRealtime('checks:orders', seen);
    connectRealtime({
      url: 'http://x',
      getCode: () => 'c',
      fetchCode: async () => 'c',
      handlers: {},
      connect: io,
    });
    socket.fire('checks:orders', { order_id: 7 });
    socket.fire('data:changed', { topics: ['team'] });
    expect(seen).toHaveBeenCalledExactlyOnceWith({ order_id: 7 });
    unsubscribe();
    socket.fire('checks:orders', { order_id: 8 });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('hands server events to the handlers, and stops on close', async () => {
    const { io, socket } = fakeIo();
    const changed = vi.fn();
    const connection = connectRealtime({
      url: 'http://x',
      getCode: () => 'c',
      fetchCode: async () => 'c',
      handlers: { 'data:changed': changed },
      connect: io,
    });
    socket.fire('data:changed', { topics: ['team'] });
    expect(changed).toHaveBeenCalledWith({ topics: ['team'] });
    const feature = vi.fn();
    subscribeRealtime('data:changed', feature);
    connection.close();
    expect(socket.disconnected).toBe(true);
    socket.fire('data:changed', { topics: ['team'] });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(feature).not.toHaveBeenCalled();
  });
});
