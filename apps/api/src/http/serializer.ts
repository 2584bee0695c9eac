import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = z.ZodType | { properties: z.ZodType };

/**
 * Every answer passes its route's response schema before it is written: a field outside the contract never
 * leaves, nor a value of the wrong kind. Each schema is compiled once into a checking function of its own
 * (zod's `compile`; a schema it cannot compile keeps zod's ordinary parser).
 */
export const serializerCompiler: FastifySerializerCompiler<ResponseSchema> = ({ schema, method, url }) => {
  const compiled = z.compile(schema instanceof z.ZodType ? schema : schema.properties);
  return (data) => {
    const result = compiled.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
