/**
 * The service stack: a Regional REST API with one Lambda per route of
 * functions/routes.ts. (Usage plans, the core layer, WAF and gateway responses
 * come with the deployment issue.)
 */
import { Stack, type StackProps, CfnOutput } from 'aws-cdk-lib';
import { EndpointType, LambdaIntegration, RestApi, MethodLoggingLevel } from 'aws-cdk-lib/aws-apigateway';
import { Construct } from 'constructs';
import { ROUTES } from '../functions/routes.js';
import { ApiFunction } from './api-function.js';

export class FacturXStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const api = new RestApi(this, 'Api', {
      restApiName: 'facturx-api',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      deployOptions: { stageName: 'prod', tracingEnabled: true, loggingLevel: MethodLoggingLevel.ERROR },
    });
    for (const route of ROUTES) {
      const fn = new ApiFunction(this, `Fn-${route.name}`, { entry: route.entry });
      api.root.resourceForPath(route.path).addMethod(route.method, new LambdaIntegration(fn));
    }
    new CfnOutput(this, 'ApiUrl', { value: api.url });
  }
}
