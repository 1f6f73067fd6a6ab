/**
 * Document tools: templates (waivers, contracts), signed documents, sending
 * for e-signature and fetching a signed PDF.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { DocumentTemplate, SignedDocument } from "../store/types.js";
import { idField } from "./shared.js";

const KINDS = ["waiver", "contract", "consent", "policy"] as const;

/** Builds the 5 document tools over `store`. */
export function createDocumentTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const templateName = (id: number) => data.documentTemplates.find((t) => t.id === id)?.name ?? `Template ${id}`;
  const view = (d: SignedDocument) => ({ ...d, template: templateName(d.templateId), client: store.clientName(d.clientId) });
  return [
    tool(
      ({ kind }) => {
        const templates = data.documentTemplates
          .filter((t) => kind === undefined || t.kind === kind)
          .map((t) => ({ ...t, signedCount: data.signedDocuments.filter((d) => d.templateId === t.id && d.status === "signed").length }));
        return { total: templates.length, templates };
      },
      { name: "get_document_templates", schema: z.object({ kind: z.enum(KINDS).optional().describe("Filter by document kind") }) },
    ),
    tool(
      ({ name, kind, body, requiredForNewMembers }) => {
        if (data.documentTemplates.some((t) => t.name.toLowerCase() === name.toLowerCase()))
          throw new Error(`A template named "${name}" already exists`);
        const template: DocumentTemplate = {
          id: store.nextId(data.documentTemplates),
          name,
          kind,
          body,
          requiredForNewMembers: requiredForNewMembers ?? false,
        };
        data.documentTemplates.push(template);
        return { created: template };
      },
      {
        name: "create_document_template",
        schema: z.object({
          name: z.string().min(3).describe("Template name, e.g. 'Pool Safety Rules'"),
          kind: z.enum(KINDS).describe("Kind of document"),
          body: z.string().min(10).describe("Template text; may use {{client_name}}, {{gym_name}}, {{plan_name}} placeholders"),
          requiredForNewMembers: z.boolean().optional().describe("Whether every new member must sign it (default false)"),
        }),
      },
    ),
    tool(
      ({ clientId, status }) => {
        if (clientId !== undefined) store.client(clientId);
        const docs = data.signedDocuments
          .filter((d) => (clientId === undefined || d.clientId === clientId) && (status === undefined || d.status === status))
          .map(view);
        return { total: docs.length, documents: docs };
      },
      {
        name: "get_signed_documents",
        schema: z.object({
          clientId: idField("client").optional(),
          status: z.enum(["sent", "signed", "declined"]).optional().describe("Filter by signature status"),
        }),
      },
    ),
    tool(
      ({ templateId, clientId }) => {
        const template = store.find(data.documentTemplates, templateId, "document template");
        const client = store.client(clientId);
        if (data.signedDocuments.some((d) => d.templateId === templateId && d.clientId === clientId && d.status !== "declined")) {
          throw new Error(`"${template.name}" was already sent to ${client.name}`);
        }
        const doc: SignedDocument = {
          id: store.nextId(data.signedDocuments),
          templateId,
          clientId,
          status: "sent",
          sentOn: store.today,
          signedOn: null,
        };
        data.signedDocuments.push(doc);
        return { sent: view(doc), sentTo: client.email };
      },
      {
        name: "send_document_for_signature",
        schema: z.object({ templateId: idField("document template"), clientId: idField("client who must sign") }),
      },
    ),
    tool(
      ({ signedDocumentId }) => {
        const doc = store.find(data.signedDocuments, signedDocumentId, "signed document");
        if (doc.status !== "signed") throw new Error(`Document ${signedDocumentId} is ${doc.status}, not signed; no PDF is available`);
        const fileName = `${templateName(doc.templateId).replace(/\s+/g, "-").toLowerCase()}-client-${doc.clientId}.pdf`;
        return { ...view(doc), fileName, url: `https://docs.ironclad.fit/signed/${doc.id}/${fileName}`, expiresInMinutes: 15 };
      },
      { name: "get_signed_document_pdf", schema: z.object({ signedDocumentId: idField("signed document") }) },
    ),
  ];
}
