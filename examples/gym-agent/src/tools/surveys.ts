/**
 * Survey tools: survey list, analytics (NPS / averages / choice counts) and
 * raw responses.
 */
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";
import type { GymStore } from "../store.js";
import type { Survey, SurveyResponse } from "../store/types-ops.js";
import { countBy, idField } from "./shared.js";

function analyseQuestion(survey: Survey, question: Survey["questions"][number], responses: readonly SurveyResponse[]) {
  const answers = responses.map((r) => r.answers[question.id]).filter((a) => a !== undefined);
  if (question.kind === "score") {
    const scores = answers.filter((a): a is number => typeof a === "number");
    const avg = scores.length ? Math.round((scores.reduce((s, n) => s + n, 0) / scores.length) * 10) / 10 : null;
    if (survey.type !== "nps") return { questionId: question.id, text: question.text, answers: scores.length, average: avg };
    const promoters = scores.filter((s) => s >= 9).length;
    const detractors = scores.filter((s) => s <= 6).length;
    const nps = scores.length ? Math.round(((promoters - detractors) / scores.length) * 100) : null;
    return {
      questionId: question.id,
      text: question.text,
      answers: scores.length,
      average: avg,
      nps,
      promoters,
      passives: scores.length - promoters - detractors,
      detractors,
    };
  }
  if (question.kind === "choice")
    return { questionId: question.id, text: question.text, answers: answers.length, counts: countBy(answers, String) };
  return { questionId: question.id, text: question.text, answers: answers.length, samples: answers.slice(0, 5) };
}

/** Builds the 3 survey tools over `store`. */
export function createSurveyTools(store: GymStore): StructuredToolInterface[] {
  const { data } = store;
  const survey = (id: number) => store.find(data.surveys, id, "survey");
  const responsesOf = (id: number) => data.surveyResponses.filter((r) => r.surveyId === id);
  return [
    tool(
      ({ status }) => {
        const surveys = data.surveys
          .filter((s) => status === undefined || s.status === status)
          .map((s) => ({
            id: s.id,
            title: s.title,
            type: s.type,
            status: s.status,
            createdOn: s.createdOn,
            questions: s.questions.length,
            responses: responsesOf(s.id).length,
          }));
        return { total: surveys.length, surveys };
      },
      { name: "get_surveys", schema: z.object({ status: z.enum(["active", "closed"]).optional().describe("Filter by survey status") }) },
    ),
    tool(
      ({ surveyId }) => {
        const s = survey(surveyId);
        const responses = responsesOf(surveyId);
        const activeClients = data.clients.filter((c) => c.status === "active").length;
        return {
          surveyId,
          title: s.title,
          type: s.type,
          responses: responses.length,
          responseRatePercent: activeClients === 0 ? 0 : Math.round((responses.length / activeClients) * 1000) / 10,
          questions: s.questions.map((q) => analyseQuestion(s, q, responses)),
        };
      },
      { name: "get_survey_analytics", schema: z.object({ surveyId: idField("survey") }) },
    ),
    tool(
      ({ surveyId, limit }) => {
        const s = survey(surveyId);
        const responses = responsesOf(surveyId)
          .sort((a, b) => b.submittedOn.localeCompare(a.submittedOn))
          .slice(0, limit ?? 20)
          .map((r) => ({ ...r, client: store.clientName(r.clientId) }));
        return { surveyId, title: s.title, total: responsesOf(surveyId).length, responses };
      },
      {
        name: "get_survey_responses",
        schema: z.object({
          surveyId: idField("survey"),
          limit: z.number().int().min(1).max(200).optional().describe("Maximum responses to return, newest first (default 20)"),
        }),
      },
    ),
  ];
}
