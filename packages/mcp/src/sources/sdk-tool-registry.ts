/**
 * @module SDK tools: sets of tools an application registers and unregisters at run time, named
 * `sdk_{appName}_{tool}`, with a tools-updated event for each change.
 */
import { DynamicToolsError, type JsonSchema, type PermissionKind, type ToolDeclaration } from "@dynamic-tools/core";
import { isLangChainTool, PERMISSION_KINDS, type NamespaceDeclaration } from "@dynamic-tools/core/internal";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { toJsonSchema } from "@langchain/core/utils/json_schema";
import { canonicalJson } from "../config/config-hash.js";
import { diffTools, toolsUpdatedListeners, type ToolsUpdatedListener, type Unsubscribe } from "../events/tools-updated.js";
import { assertSourceId, namespaceName, prefixedToolNames } from "../naming/source-names.js";
import { renameTool } from "../tools/rename-tool.js";
import { sourceDeclaration, type SourceToolInfo } from "../tools/tool-declaration.js";
import { namespaceDeclarations, type ToolNamespace } from "../tools/tool-namespace.js";

/** Options of {@link SdkToolRegistry.register}. */
export interface RegisterSdkToolsOptions {
  /** What the app's tools are for, as the namespace description in tool search. @defaultValue `Tools of the app "{appName}".` */
  description?: string;
  /** The permission of every tool of the app (a catalog file may override single tools). @defaultValue "execute" */
  permission?: PermissionKind;
}

/** The tools applications register at run time; see {@link createSdkToolRegistry}. */
export interface SdkToolRegistry {
  /**
   * Registers (or replaces) an app's tools, renamed `sdk_{appName}_{tool}`. Fires `onToolsUpdated` when anything
   * changed. Returns the renamed tools.
   * @throws DynamicToolsError `INVALID_OPTION` (bad app name, permission or tool), `DUPLICATE_TOOL`.
   */
  register(appName: string, tools: readonly StructuredToolInterface[], options?: RegisterSdkToolsOptions): StructuredToolInterface[];
  /** Removes an app's tools; fires `onToolsUpdated`. Returns whether the app was registered. */
  unregister(appName: string): boolean;
  /** The registered app names, in registration order. */
  apps(): string[];
  /** Every registered tool, renamed. */
  tools(): StructuredToolInterface[];
  /** Catalog declarations: source "sdk", sourceId the app name, namespace `sdk_{appName}`, permission. */
  declarations(): ToolDeclaration[];
  /** One namespace per app. */
  namespaces(): ToolNamespace[];
  /** The same namespaces as a `ToolCatalog`'s `namespaces` option (name → description). */
  namespaceDeclarations(): Record<string, NamespaceDeclaration>;
  /** Called on every register or unregister that changes an app's tools. */
  onToolsUpdated(listener: ToolsUpdatedListener): Unsubscribe;
}

interface Entry {
  original: StructuredToolInterface;
  tool: StructuredToolInterface;
  declaration: ToolDeclaration;
  fingerprint: string;
  /** Unique per entry object: a replaced tool (even an identical-looking one) counts as changed. */
  serial: number;
}

interface App {
  description: string;
  entries: Map<string, Entry>;
}

function parametersOf(tool: StructuredToolInterface): JsonSchema {
  // toJsonSchema accepts zod 3/4, Standard Schema and plain JSON Schema alike (as the core catalog does).
  const { $schema: _ignored, ...schema } = toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]) as JsonSchema;
  return schema;
}

class AppToolRegistry implements SdkToolRegistry {
  readonly #apps = new Map<string, App>();
  readonly #listeners = toolsUpdatedListeners();
  #serial = 0;

  register(appName: string, tools: readonly StructuredToolInterface[], options: RegisterSdkToolsOptions = {}): StructuredToolInterface[] {
    assertSourceId(appName, "SDK app name", ["appName"]);
    const permission = options.permission ?? "execute";
    if (!PERMISSION_KINDS.includes(permission)) {
      throw new DynamicToolsError(
        "INVALID_OPTION",
        `permission: "${String(permission)}" is not a permission. Valid: ${PERMISSION_KINDS.join(", ")}.`,
        {
          path: ["permission"],
        },
      );
    }
    const namespace = namespaceName("sdk", appName);
    const previous = this.#apps.get(appName)?.entries;
    const entries = new Map<string, Entry>();
    const ownNames = new Set<string>();
    const names = prefixedToolNames(
      namespace,
      tools.map((tool) => (isLangChainTool(tool) ? tool.name : "")),
    );
    tools.forEach((original, index) => {
      if (!isLangChainTool(original)) {
        throw new DynamicToolsError(
          "INVALID_OPTION",
          `tools[${index}] of app "${appName}" is not a LangChain tool (it needs a name and invoke()).`,
          {
            path: ["tools", index],
          },
        );
      }
      if (ownNames.has(original.name)) {
        throw new DynamicToolsError(
          "DUPLICATE_TOOL",
          `tools[${index}]: app "${appName}" registers tool "${original.name}" twice; tool names must be unique.`,
          {
            path: ["tools", index, "name"],
          },
        );
      }
      ownNames.add(original.name);
      const name = names[index]!;
      const parameters = parametersOf(original);
      const info: SourceToolInfo = { source: "sdk", sourceId: appName, namespace, permission };
      const fingerprint = canonicalJson([original.name, original.description, parameters, permission]);
      const kept = previous?.get(name);
      if (kept !== undefined && kept.original === original && kept.fingerprint === fingerprint) {
        entries.set(name, kept);
        return;
      }
      entries.set(name, {
        original,
        tool: renameTool(original, name, { dynamicTools: info }),
        declaration: sourceDeclaration({ name, description: original.description, parameters }, info),
        fingerprint,
        serial: this.#serial++,
      });
    });
    this.#apps.set(appName, { description: options.description ?? `Tools of the app "${appName}".`, entries });
    this.#emit(appName, previous ?? new Map(), entries);
    return [...entries.values()].map((entry) => entry.tool);
  }

  unregister(appName: string): boolean {
    const app = this.#apps.get(appName);
    if (app === undefined) return false;
    this.#apps.delete(appName);
    this.#emit(appName, app.entries, new Map());
    return true;
  }

  apps(): string[] {
    return [...this.#apps.keys()];
  }

  tools(): StructuredToolInterface[] {
    return this.#allEntries().map((entry) => entry.tool);
  }

  declarations(): ToolDeclaration[] {
    return this.#allEntries().map((entry) => entry.declaration);
  }

  namespaces(): ToolNamespace[] {
    return [...this.#apps.entries()].map(([appName, app]) => ({
      name: namespaceName("sdk", appName),
      description: app.description,
      source: "sdk" as const,
      sourceId: appName,
      tools: [...app.entries.keys()],
    }));
  }

  namespaceDeclarations(): Record<string, NamespaceDeclaration> {
    return namespaceDeclarations(this.namespaces());
  }

  onToolsUpdated(listener: ToolsUpdatedListener): Unsubscribe {
    return this.#listeners.add(listener);
  }

  #allEntries(): Entry[] {
    return [...this.#apps.values()].flatMap((app) => [...app.entries.values()]);
  }

  #emit(appName: string, before: Map<string, Entry>, after: Map<string, Entry>): void {
    const serials = (entries: Map<string, Entry>) => new Map([...entries].map(([name, entry]) => [name, String(entry.serial)]));
    const diff = diffTools(serials(before), serials(after));
    if (diff.added.length + diff.changed.length + diff.removed.length === 0) return;
    const entries = [...after.values()];
    this.#listeners.emit({
      source: "sdk",
      sourceId: appName,
      namespace: namespaceName("sdk", appName),
      tools: entries.map((entry) => entry.tool),
      declarations: entries.map((entry) => entry.declaration),
      ...diff,
    });
  }
}

/**
 * A registry of SDK tools: an application registers its tools at run time and unregisters them when it goes away.
 * Tools are renamed `sdk_{appName}_{tool}` (the originals are untouched), with source "sdk", sourceId the app name,
 * namespace `sdk_{appName}`, and `metadata.dynamicTools` like MCP tools.
 *
 * @example
 * ```ts
 * import { createSdkToolRegistry } from "@dynamic-tools/mcp";
 * import { tool } from "@langchain/core/tools";
 * import { z } from "zod";
 *
 * const sdk = createSdkToolRegistry();
 * sdk.onToolsUpdated(({ sourceId, added, removed }) => console.log(sourceId, added, removed));
 * const createEvent = tool(async ({ title }) => `created ${title}`, {
 *   name: "create_event",
 *   description: "Create a calendar event",
 *   schema: z.object({ title: z.string() }),
 * });
 * sdk.register("calendar", [createEvent]); // calendar ["sdk_calendar_create_event"] []
 * sdk.unregister("calendar"); // calendar [] ["sdk_calendar_create_event"]
 * ```
 */
export function createSdkToolRegistry(): SdkToolRegistry {
  return new AppToolRegistry();
}
