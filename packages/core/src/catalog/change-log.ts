/**
 * @module The catalog's change log: the recent updates of its tools, so an index built at one version can catch up
 * when it is next used ({@link ChangeLog.changesSince}) instead of subscribing to every update.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { ToolMetadata } from "./tool-metadata.js";

/**
 * What changed since a version: the net change (a tool added then changed is `added`, a tool removed then added
 * back is `changed`, a tool added then removed is not named), or `rebuild` when the log no longer reaches back that
 * far and the reader must build again from the catalog.
 */
export type CatalogChanges =
  | {
      readonly rebuild: false;
      /** The catalog's version these changes lead to. */
      readonly version: number;
      /** Tools new since then, with their current metadata, in catalog order. */
      readonly added: readonly ToolMetadata[];
      /** Tools there then and now whose metadata or implementation changed, with their current metadata, in catalog order. */
      readonly changed: readonly ToolMetadata[];
      /**
       * `added` and `changed` together, in catalog order (the order they last arrived in): the order to add them to an
       * index in, so its ties break as a fresh build's would.
       */
      readonly upserted: readonly ToolMetadata[];
      /** Names there then and gone now. */
      readonly removed: readonly string[];
    }
  | {
      readonly rebuild: true;
      /** The catalog's current version. */
      readonly version: number;
    };

/** One update as the log keeps it. */
export interface LoggedUpdate {
  /** The catalog's version after it. */
  readonly version: number;
  /** The tools that arrived (added or changed), in the order they arrived (their new catalog order). */
  readonly upserted: readonly ToolMetadata[];
  /** Which of `upserted` replaced a tool of the same name (the others are new). */
  readonly changed: ReadonlySet<string>;
  /** Names that are gone. */
  readonly removed: readonly string[];
}

/** Most updates the log keeps, however small they are. */
export const MAX_LOGGED_UPDATES = 1_024;

/** Tool changes the log always keeps, on top of twice the catalog's size (see {@link ChangeLog}). */
export const MIN_LOGGED_TOOL_CHANGES = 1_024;

/**
 * The recent updates of a catalog, bounded. It keeps the newest updates while they hold at most
 * `2 × catalog size + 1,024` tool changes ({@link MIN_LOGGED_TOOL_CHANGES}) and at most {@link MAX_LOGGED_UPDATES}
 * updates. The bound follows the cost: a reader further behind would apply more changes than rebuilding its index
 * costs (a rebuild touches each tool once), so it gets `rebuild` instead; and the memory the log retains stays
 * proportional to the catalog, whatever the number of updates.
 *
 * @example
 * ```ts
 * const log = new ChangeLog();
 * log.record(event, catalog.size);
 * log.changesSince(0, 1); // { rebuild: false, version: 1, added: [...], changed: [], removed: [] }
 * ```
 */
export class ChangeLog {
  /** Oldest first; versions are consecutive. */
  #updates: LoggedUpdate[] = [];
  #toolChanges = 0;

  /** Appends one update (its `version` follows the previous one) and drops the oldest beyond the bound. */
  record(update: LoggedUpdate, catalogSize: number): void {
    this.#updates.push(update);
    this.#toolChanges += sizeOf(update);
    const maxToolChanges = 2 * catalogSize + MIN_LOGGED_TOOL_CHANGES;
    let drop = 0;
    // The newest update is always kept: a reader one version behind never rebuilds.
    while (this.#updates.length - drop > 1 && (this.#updates.length - drop > MAX_LOGGED_UPDATES || this.#toolChanges > maxToolChanges)) {
      this.#toolChanges -= sizeOf(this.#updates[drop]!);
      drop++;
    }
    if (drop > 0) this.#updates = this.#updates.slice(drop);
  }

  /**
   * The net change from `version` to `current`.
   * @throws DynamicToolsError `INVALID_OPTION` for a version that is not a whole number from 0 to `current`.
   */
  changesSince(version: number, current: number): CatalogChanges {
    if (!Number.isInteger(version) || version < 0 || version > current) {
      const expected = `a whole number from 0 to ${current} (the catalog's version)`;
      const message = `changesSince: version must be ${expected}, got ${String(version)}.`;
      throw new DynamicToolsError("INVALID_OPTION", message, { path: ["version"] });
    }
    if (version === current) return { rebuild: false, version, added: [], changed: [], upserted: [], removed: [] };
    const oldest = this.#updates[0]?.version;
    if (oldest === undefined || oldest > version + 1) return { rebuild: true, version: current };
    return { rebuild: false, version: current, ...netChanges(this.#updates.slice(version + 1 - oldest)) };
  }
}

/** Counts an update's tool changes, plus one so that empty updates count too. */
function sizeOf({ upserted, removed }: LoggedUpdate): number {
  return upserted.length + removed.length + 1;
}

/**
 * Folds consecutive updates into one: each name's first update says whether it was there, its last what it is now;
 * tools come out in the order they last arrived (catalog order, as every arrival goes to the end).
 */
function netChanges(updates: readonly LoggedUpdate[]): Omit<Extract<CatalogChanges, { rebuild: false }>, "rebuild" | "version"> {
  const wasThere = new Map<string, boolean>();
  const now = new Map<string, ToolMetadata | undefined>();
  for (const update of updates) {
    // Within one update the removed names go before the tools arrive; a name is never in both lists.
    for (const name of update.removed) {
      if (!wasThere.has(name)) wasThere.set(name, true);
      now.delete(name);
      now.set(name, undefined);
    }
    for (const tool of update.upserted) {
      if (!wasThere.has(tool.name)) wasThere.set(tool.name, update.changed.has(tool.name));
      now.delete(tool.name);
      now.set(tool.name, tool);
    }
  }
  const added: ToolMetadata[] = [];
  const changed: ToolMetadata[] = [];
  const upserted: ToolMetadata[] = [];
  const removed: string[] = [];
  for (const [name, tool] of now) {
    const there = wasThere.get(name)!;
    if (tool === undefined) {
      if (there) removed.push(name);
      continue;
    }
    (there ? changed : added).push(tool);
    upserted.push(tool);
  }
  return { added, changed, upserted, removed };
}
