/**
 * Progress photo tools: a member's photos and a single photo's details.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import { daysBetween } from "../store/dates.js";
import type { GymStore } from "../store.js";
import { idField } from "./shared.js";

/** Builds the 2 photo tools over `store`. */
export function createPhotoTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ clientId, pose }) => {
        const client = store.client(clientId);
        const photos = data.photos
          .filter((p) => p.clientId === clientId && (pose === undefined || p.pose === pose))
          .sort((a, b) => a.takenOn.localeCompare(b.takenOn));
        return { clientId, client: client.name, total: photos.length, photos };
      },
      {
        name: "get_member_photos",
        schema: z.object({
          clientId: idField("client"),
          pose: z.enum(["front", "side", "back"]).optional().describe("Only photos in this pose"),
        }),
      },
    ),
    tool(
      ({ photoId }) => {
        const photo = store.find(data.photos, photoId, "photo");
        const first = data.photos
          .filter((p) => p.clientId === photo.clientId && p.weightKg !== null)
          .reduce<(typeof data.photos)[number] | undefined>((a, p) => (!a || p.takenOn < a.takenOn ? p : a), undefined);
        const change =
          first && photo.weightKg !== null && first.weightKg !== null ? Math.round((photo.weightKg - first.weightKg) * 10) / 10 : null;
        return {
          ...photo,
          client: store.clientName(photo.clientId),
          daysSinceFirstPhoto: first ? daysBetween(first.takenOn, photo.takenOn) : 0,
          weightChangeKg: change,
        };
      },
      { name: "get_photo_details", schema: z.object({ photoId: idField("photo") }) },
    ),
  ];
}
