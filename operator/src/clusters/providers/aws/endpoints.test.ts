import { describe, expect, it } from 'vitest';
import {
  configuredEndpoint,
  defaultEksEndpoint,
  defaultStsEndpoint,
  isAwsRegion,
} from './endpoints.js';

describe('AWS endpoints', () => {
  it('derives regional hosts, including the China partition', () => {
    expect(defaultEksEndpoint('eu-west-1')).toBe('https://eks.eu-west-1.amazonaws.com');
    expect(defaultStsEndpoint('cn-north-1')).toBe('https://sts.cn-north-1.amazonaws.com.cn');
    expect(
      configuredEndpoint('https://eks-fips.{region}.amazonaws.com', 'us-gov-west-1', 'x'),
    ).toBe('https://eks-fips.us-gov-west-1.amazonaws.com');
    expect(configuredEndpoint(undefined, 'us-east-1', 'fallback')).toBe('fallback');
  });

  it('accepts only names shaped like AWS regions', () => {
    for (const region of ['us-east-1', 'ap-southeast-2', 'us-gov-west-1', 'cn-northwest-1']) {
      expect(isAwsRegion(region)).toBe(true);
    }
    for (const region of ['', 'us-east-1.evil.com', 'evil.com/x', 'US-EAST-1', 'us-east-1#']) {
      expect(isAwsRegion(region)).toBe(false);
    }
  });
});
