// Deterministic filler text for benchmarks: about `bytes` characters of words drawn (skewed, as
// real text is) from a 5,000-word vocabulary, different for each `n`.
const SYL = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'qu', 'ri', 'mo', 'la', 'de', 'fi', 'gu', 'ho'];
const VOCAB = Array.from({ length: 5000 }, (_, i) => SYL[i % 18] + SYL[(i * 7) % 18] + SYL[(i * 13) % 17] + i.toString(36));

export function bodyText(n: number, bytes: number): string {
  let seed = (n * 2654435761) >>> 0 || 1;
  const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const words: string[] = [];
  for (let len = 0; len < bytes; ) {
    const w = VOCAB[Math.floor(rnd() ** 3 * VOCAB.length)];
    words.push(w);
    len += w.length + 1;
  }
  return words.join(' ');
}
