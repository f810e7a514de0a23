/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy`. Configuration (config.ts):
 * region from `-c region=…` or CDK_REGION (EU only, default eu-west-3),
 * Bedrock model from `-c bedrockModelId=eu.…`, schemas from `-c schemaDir=…`,
 * alarms from `-c alarmTopicName=…`. Customer keys are not deploy-time
 * configuration: `npm run keys -- create --aws` (docs/DEPLOY.md).
 * Checked with cdk-nag (AwsSolutions) at every synth.
 */
import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { resolveDeployConfig } from './config.js';
import { FacturXStack } from './stack.js';

const app = new App();
const config = resolveDeployConfig((key) => app.node.tryGetContext(key), process.env);
new FacturXStack(app, 'FacturXService', {
  env: { region: config.region, ...(process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT } : {}) },
  config,
  description: 'Factur-X / EN 16931 e-invoicing conversion service',
});
// cdk-nag AwsSolutions at every synth: an unsuppressed finding is an error and fails `cdk synth` (accepted ones: infra/nag.ts).
Aspects.of(app).add(new AwsSolutionsChecks());
app.synth();
