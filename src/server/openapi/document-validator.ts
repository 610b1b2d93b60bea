// Validates an answer against the schema an OpenAPI document gives it (JSON Schema 2020-12, Ajv), following
// `$ref`s into components.schemas and components.responses. Tests only.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function documentValidator(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...doc, $id: 'https://linkdeck.local/openapi.json' });
  return (method: string, route: string, status: number, body: unknown): string[] => {
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
    let answer = paths[route]?.[method]?.responses[String(status)];
    if (!answer) return [`${method} ${route} documents no ${status} answer`];
    let base = pointer('paths', route, method, 'responses', String(status));
    if (typeof answer.$ref === 'string') {
      base = answer.$ref.slice(2);
      answer = ((doc.components as Json).responses as Record<string, Json>)[base.split('/').pop()!]!;
    }
    if (!(answer.content as Json | undefined)?.['application/json']) return [`${method} ${route} ${status} is not documented as JSON`];
    const check = ajv.getSchema(`https://linkdeck.local/openapi.json#/${base}/content/${pointer('application/json')}/schema`);
    if (!check) return [`no schema for ${method} ${route} ${status}`];
    return check(body) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`);
  };
}
