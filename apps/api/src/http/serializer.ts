import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Every answer passes its route's response schema before it is written: a field outside the contract never
 * leaves, nor a value of the wrong kind. Each schema is compiled into a checking function of its own by
 * zod's `compile` (a schema it cannot compile keeps zod's ordinary parser), at the route's first answer:
 * compiling all of them at start-up would add a fifth of a second to it.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  let compiled: z.ZodType | undefined;
  return (data) => {
    compiled ??= z.compile(schema);
    const result = compiled.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
