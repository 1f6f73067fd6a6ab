// Moved to the published testing entry (`@dynamic-tools/langgraph/testing`); kept here for the existing tests.
export { recordBoundTools } from "../testing/record-bound-tools.js";
