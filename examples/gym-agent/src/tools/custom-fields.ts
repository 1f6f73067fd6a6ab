/**
 * Custom field tools: field definitions and an entity's custom values.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { CustomFieldEntity } from "../store/types-ops.js";
import { idField } from "./shared.js";

const ENTITIES = ["client", "lead", "staff"] as const;

/** Builds the 2 custom field tools over `store`. */
export function createCustomFieldTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const entityName = (entity: CustomFieldEntity, id: number): string => {
    if (entity === "client") return store.client(id).name;
    if (entity === "staff") return store.staffMember(id).name;
    return store.find(data.leads, id, "lead").name;
  };
  return [
    tool(
      ({ entity }) => {
        const fields = data.customFields.filter((f) => entity === undefined || f.entity === entity);
        return { total: fields.length, fields };
      },
      {
        name: "get_custom_fields",
        schema: z.object({ entity: z.enum(ENTITIES).optional().describe("Only fields defined for this kind of record") }),
      },
    ),
    tool(
      ({ entity, entityId }) => {
        const name = entityName(entity, entityId);
        const values = data.customFields
          .filter((f) => f.entity === entity)
          .map((f) => ({
            key: f.key,
            label: f.label,
            type: f.type,
            required: f.required,
            value: data.customFieldValues.find((v) => v.fieldId === f.id && v.entityId === entityId)?.value ?? null,
          }));
        return { entity, entityId, name, values, missingRequired: values.filter((v) => v.required && v.value === null).map((v) => v.key) };
      },
      {
        name: "get_entity_custom_values",
        schema: z.object({
          entity: z.enum(ENTITIES).describe("Kind of record"),
          entityId: idField("client, lead or staff record"),
        }),
      },
    ),
  ];
}
