// The system clock's text changes with the second and has the interface's format.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from './clock.ts';

afterEach(() => vi.useRealTimers());

describe('systemClock', () => {
  it('reads the current second, also when asked many times within it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-04T05:06:07.250Z'));
    expect(systemClock.now()).toBe('2026-03-04T05:06:07+00:00');
    vi.setSystemTime(new Date('2026-03-04T05:06:07.999Z'));
    expect(systemClock.now()).toBe('2026-03-04T05:06:07+00:00');
    vi.setSystemTime(new Date('2026-03-04T05:06:08.000Z'));
    expect(systemClock.now()).toBe('2026-03-04T05:06:08+00:00');
    vi.setSystemTime(new Date('2026-03-04T05:06:07.500Z'));
    expect(systemClock.now()).toBe('2026-03-04T05:06:07+00:00');
  });
});
