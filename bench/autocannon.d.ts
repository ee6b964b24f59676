// The part of autocannon's API the benches use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    pipelining?: number;
    /** Stop after this many requests (instead of `duration`). */
    amount?: number;
    /** Milliseconds between samples; an `amount` run ends on the first sample after the last answer. */
    sampleInt?: number;
    method?: string;
    body?: string;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    requests?: { method?: string; setupRequest?: (req: any, context: any) => any; onResponse?: (status: number, body: string, context: any) => void }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    '2xx': number;
  }
  function autocannon(options: Options): Promise<Result>;
  export type { Result };
  export default autocannon;
}
