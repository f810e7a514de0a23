import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { assertEuRegion } from '../../infra/eu-regions.js';
import { FacturXStack } from '../../infra/stack.js';

describe('CDK stack', () => {
  const app = new App();
  const stack = new FacturXStack(app, 'Test', { env: { region: 'eu-west-3', account: '123456789012' } });
  const template = Template.fromStack(stack);

  it('has one Node.js 22 arm64 function per route', () => {
    template.resourceCountIs('AWS::Lambda::Function', ROUTES.length);
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
    });
  });

  it('exposes every route on a Regional REST API', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { EndpointConfiguration: { Types: ['REGIONAL'] } });
    const methods = template.findResources('AWS::ApiGateway::Method');
    const verbs = Object.values(methods).map((m) => (m as { Properties: { HttpMethod: string } }).Properties.HttpMethod).sort();
    expect(verbs).toEqual(ROUTES.map((r) => r.method).sort());
    template.hasResourceProperties('AWS::ApiGateway::Method', { HttpMethod: 'POST', Integration: Match.objectLike({ Type: 'AWS_PROXY' }) });
  });

  it('refuses regions outside the EU', () => {
    expect(() => assertEuRegion('us-east-1')).toThrow(/outside the European Union/);
    expect(() => assertEuRegion('eu-central-2')).toThrow();
    expect(() => assertEuRegion('eu-west-3')).not.toThrow();
  });
});
