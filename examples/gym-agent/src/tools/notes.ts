/**
 * Member note tools: staff notes on a client's profile.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Note } from "../store/types.js";
import { idField } from "./shared.js";

/** Builds the 3 note tools over `store`. */
export function createNoteTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  return [
    tool(
      ({ clientId }) => {
        const client = store.client(clientId);
        const notes = data.notes
          .filter((n) => n.clientId === clientId)
          .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.createdOn.localeCompare(a.createdOn))
          .map((n) => ({ ...n, author: store.staffName(n.authorStaffId) }));
        return { clientId, client: client.name, total: notes.length, notes };
      },
      { name: "get_member_notes", schema: z.object({ clientId: idField("client") }) },
    ),
    tool(
      ({ clientId, text, authorStaffId, pinned }) => {
        const client = store.client(clientId);
        const author = store.staffMember(authorStaffId ?? data.staff.find((s) => s.role === "receptionist")?.id ?? 1);
        const note: Note = {
          id: store.nextId(data.notes),
          clientId,
          authorStaffId: author.id,
          text,
          createdOn: store.today,
          pinned: pinned ?? false,
        };
        data.notes.push(note);
        return { created: { ...note, client: client.name, author: author.name } };
      },
      {
        name: "create_member_note",
        schema: z.object({
          clientId: idField("client"),
          text: z.string().min(2).max(2000).describe("The note"),
          authorStaffId: idField("staff member writing the note (defaults to front desk)").optional(),
          pinned: z.boolean().optional().describe("Pin the note to the top of the profile"),
        }),
      },
    ),
    tool(
      ({ noteId }) => {
        const note = store.remove(data.notes, noteId, "note");
        return { deleted: { id: note.id, clientId: note.clientId, text: note.text } };
      },
      { name: "delete_member_note", schema: z.object({ noteId: idField("note to delete") }) },
    ),
  ];
}
