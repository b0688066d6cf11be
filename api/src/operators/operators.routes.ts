import { operatorsEndpoints } from '@rumbo/shared/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/endpoint';
import { operatorResolver, type Operator, type OperatorCredential } from './operators';

export interface OperatorsOptions {
  operators: readonly OperatorCredential[];
}

export const operatorsRoutes: FastifyPluginAsync<OperatorsOptions> = async (app, { operators }) => {
  const options = { operators: operatorResolver(operators) };
  route<typeof operatorsEndpoints.operatorSelf, Operator>(app, operatorsEndpoints.operatorSelf, async ({ session }) => ({ nombre: session.name }), options);
};
