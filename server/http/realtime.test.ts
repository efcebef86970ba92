import { describe, expect, it } from 'vitest';
import { coalescingDataChanged, emitDataChanged, type RealtimeServer } from './realtime.ts';

/** An io that records what it sends, room by room. */
function recordingIo() {
  const sent: { room: string; event: string; payload: unknown }[] = [];
  const io = {
    to: (room: string) => ({
      emit: (event: string, payload: unknown) => sent.push({ room, event, payload }),
    }),
  } as unknown as RealtimeServer;
  return { io, sent };
}

describe('data:changed of a batch of writes (decision 0027)', () => {
  it('goes out at once outside a batch', () => {
    const { io, sent } = recordingIo();
    emitDataChanged(io, 1, ['team']);
    expect(sent).toEqual([{ room: 'account:1', event: 'data:changed', payload: { topics: ['team'] } }]);
  });

  it('goes out once per account when the batch ends, with every topic its writes named', async () => {
    const { io, sent } = recordingIo();
    await coalescingDataChanged(async () => {
      for (let i = 0; i < 100; i++) {
        emitDataChanged(io, 1, ['team']);
        await Promise.resolve();
      }
      emitDataChanged(io, 1, ['repairs', 'team']);
      emitDataChanged(io, 2, ['wallet']);
      expect(sent).toEqual([]);
    });
    expect(sent).toEqual([
      { room: 'account:1', event: 'data:changed', payload: { topics: ['team', 'repairs'] } },
      { room: 'account:2', event: 'data:changed', payload: { topics: ['wallet'] } },
    ]);
  });

  it('is sent even when the batch fails part-way', async () => {
    const { io, sent } = recordingIo();
    await expect(
      coalescingDataChanged(async () => {
        emitDataChanged(io, 1, ['team']);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(sent).toHaveLength(1);
  });

  it('work the batch started that emits after it ended emits at once', async () => {
    const { io, sent } = recordingIo();
    let later: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (later = resolve));
    await coalescingDataChanged(async () => {
      // A job woken by a write: runs in the batch's async context, after the batch.
      setTimeout(() => {
        emitDataChanged(io, 1, ['notices']);
        later();
      }, 5);
    });
    await done;
    expect(sent).toEqual([{ room: 'account:1', event: 'data:changed', payload: { topics: ['notices'] } }]);
  });
});
