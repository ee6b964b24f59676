/** Formats a scale is written in ('same': the source's). */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'same';

export type ImageAsk =
  | { op: 'metadata'; bytes: Uint8Array }
  | { op: 'resize'; bytes: Uint8Array; width: number; height: number; fit: 'fill' | 'inside'; format: ImageFormat }
  | { op: 'paint'; width: number; height: number; rgb: [number, number, number] };

export interface ImageAnswer {
  width?: number;
  height?: number;
  bytes?: Uint8Array;
}

export function runImageOp(sharp: typeof import('sharp').default, ask: ImageAsk): Promise<ImageAnswer>;
