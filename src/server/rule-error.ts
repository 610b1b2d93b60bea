// A rule a write broke, named by its field, thrown by a repository or the links core (which do not speak
// HTTP): the error handler (http/errors.ts) answers it as the 422 that validationError() makes.
export class RuleError extends Error {
  constructor(readonly issues: { field: string; message: string }[]) {
    super(issues.map((i) => `${i.field} ${i.message}`).join(' '));
  }
}

/** One broken rule; `message` is a predicate such as "has already been taken.". */
export const ruleError = (field: string, message: string) => new RuleError([{ field, message }]);
