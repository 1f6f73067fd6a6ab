/**
 * @module Reads a snapshot file piece by piece: its head (preamble, header, padding) when it is opened, then each
 * section when it is first used, with a read, a buffer and a checksum of its own. A start thus reads and hashes only
 * the sections its strategies use, and a section that is handed on (the HNSW graph, to the native index) is not kept
 * alive by a buffer of the whole file. A file replaced between the two reads fails its sections' checksums: a typed
 * `SNAPSHOT_MISMATCH`, as any other damage.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";

/** The bytes of `file` from `position`, at most `length` (fewer at its end), in a buffer of their own. */
function readRange(file: string, position: number, length: number): Buffer {
  // A buffer of its own (offset 0 of its own ArrayBuffer): typed arrays view it without a copy, and it is freed alone.
  const buffer = Buffer.allocUnsafeSlow(length);
  const descriptor = openSync(file, "r");
  try {
    let read = 0;
    while (read < length) {
      const count = readSync(descriptor, buffer, read, length - read, position + read);
      if (count === 0) break;
      read += count;
    }
    return read === length ? buffer : buffer.subarray(0, read);
  } finally {
    closeSync(descriptor);
  }
}

/** Runs `read`, turning a file-system failure into `CATALOG_FILE_UNREADABLE` naming the snapshot. */
function readable<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (cause) {
    if (DynamicToolsError.isInstance(cause)) throw cause;
    throw new DynamicToolsError("CATALOG_FILE_UNREADABLE", `Cannot read the snapshot ${file}: ${(cause as Error).message}`, { cause });
  }
}

/** The size of a snapshot file in bytes. */
export function snapshotSize(file: string): number {
  return readable(file, () => statSync(file).size);
}

/** `length` bytes of a snapshot file from `position` (fewer when the file ends first), in a buffer of their own. */
export function readSnapshotRange(file: string, position: number, length: number): Buffer {
  return readable(file, () => readRange(file, position, length));
}
