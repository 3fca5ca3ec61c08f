// Imported first by an API test of SES's notifications: the SNS topic SES reports to, set before
// lib/env.ts reads the environment (once, when first imported), as a deploy sets it.
export const sesTopic = 'arn:aws:sns:eu-west-3:123456789012:colibri-ses';
process.env.SES_SNS_TOPIC_ARN = sesTopic;
