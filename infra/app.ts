/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy`. Configuration (config.ts):
 * region from `-c region=…` or CDK_REGION (EU only, default eu-west-3),
 * Bedrock model from `-c bedrockModelId=eu.…`, schemas from `-c schemaDir=…`,
 * customer keys from `-c apiKeys='[{"name":"acme","plan":"starter"}]'`.
 */
import { App } from 'aws-cdk-lib';
import { resolveDeployConfig } from './config.js';
import { FacturXStack } from './stack.js';

const app = new App();
const config = resolveDeployConfig((key) => app.node.tryGetContext(key), process.env);
new FacturXStack(app, 'FacturXService', {
  env: { region: config.region, ...(process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT } : {}) },
  config,
  description: 'Factur-X / EN 16931 e-invoicing conversion service',
});
app.synth();
