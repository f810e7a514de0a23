/** The CDK app: `npx cdk synth` / `npx cdk deploy`. Region: CDK_REGION or AWS_REGION, EU only, default eu-west-3. */
import { App } from 'aws-cdk-lib';
import { assertEuRegion, DEFAULT_REGION } from './eu-regions.js';
import { FacturXStack } from './stack.js';

const app = new App();
const region = (app.node.tryGetContext('region') as string | undefined) ?? process.env.CDK_REGION ?? DEFAULT_REGION;
assertEuRegion(region);
new FacturXStack(app, 'FacturXService', { env: { region, account: process.env.CDK_DEFAULT_ACCOUNT } });
app.synth();
