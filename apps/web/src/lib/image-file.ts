import type { UploadErrorCode } from '@roomcraft/contracts';

const BYTES_PER_MB = 1024 * 1024;

/**
 * Spec §5, Upload: what is wrong with a chosen file before it is sent, or null when nothing is.
 * The type must start with image/; the size may not exceed maxFileSize MB (base 1024, spec §9).
 */
export function imageFileProblem(
  file: File | null | undefined,
  maxFileSizeMb: number,
): UploadErrorCode | null {
  if (!file) return 'no_file_received';
  if (!file.type.startsWith('image/')) return 'invalid_extension';
  if (file.size > maxFileSizeMb * BYTES_PER_MB) return 'file_too_large';
  return null;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** A size for people (spec §9: units B to PB, base 1024): "10 MB", "1.5 GB", "512 B". */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

export const megabytes = (mb: number) => mb * BYTES_PER_MB;
