import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('TRUST_PROXY', () => {
  const trustProxy = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('is off by default', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDR ranges and presets', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy(' 10.0.0.0/8, ::1 ,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it.each(['true', 'yes', '11', '10.0.0.0/33', 'proxy.local', '1.2.3', '::1/129', '10.0.0.1/8/9'])('refuses %j with a message saying what it takes', (value) => {
    expect(() => trustProxy(value)).toThrow(ConfigError);
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: (must be a hop count|not an IP address)/);
  });
});

describe('PUBLIC_URL', () => {
  it('without it, links follow each request (no fixed base URL)', () => {
    expect(loadConfig({}).publicBaseUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://a.example/' }).publicBaseUrl).toBe('https://a.example/avatar-factory');
  });
});

describe('every problem at once', () => {
  it('lists each bad variable in one error, naming it', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SPEECH_CONCURRENCY: 'lots', VOICE_REQUIRED_RECORDINGS: '99', TOKEN_TTL: 'forever' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    for (const name of ['PORT', 'SPEECH_CONCURRENCY', 'VOICE_REQUIRED_RECORDINGS', 'TOKEN_TTL']) {
      expect(problems.some((problem) => problem.startsWith(`${name}: `))).toBe(true);
    }
  });
});

describe('speech and voice training settings', () => {
  it('SPEECH_CONCURRENCY is a whole number from 1 to 64: a bad value is refused, never replaced', () => {
    expect(loadConfig({}).SPEECH_CONCURRENCY).toBe(2);
    expect(loadConfig({ SPEECH_CONCURRENCY: '4' }).SPEECH_CONCURRENCY).toBe(4);
    for (const bad of ['0', 'two', '1.5', '65']) expect(() => loadConfig({ SPEECH_CONCURRENCY: bad })).toThrow(/SPEECH_CONCURRENCY: /);
  });

  it('VOICE_MIN_RECORDINGS and VOICE_REQUIRED_RECORDINGS make the training config', () => {
    expect(loadConfig({}).voiceTraining).toEqual({ minRecordings: 10, requiredRecordings: 30, progressThresholds: { poor: 30, medium: 70 } });
    expect(loadConfig({ VOICE_MIN_RECORDINGS: '2', VOICE_REQUIRED_RECORDINGS: '3' }).voiceTraining).toMatchObject({ minRecordings: 2, requiredRecordings: 3 });
    expect(loadConfig({ VOICE_REQUIRED_RECORDINGS: '4' }).voiceTraining).toMatchObject({ minRecordings: 4, requiredRecordings: 4 });
    expect(() => loadConfig({ VOICE_MIN_RECORDINGS: 'ten' })).toThrow(/VOICE_MIN_RECORDINGS: /);
    expect(() => loadConfig({ VOICE_REQUIRED_RECORDINGS: '37' })).toThrow(/VOICE_REQUIRED_RECORDINGS: /);
    expect(() => loadConfig({ VOICE_MIN_RECORDINGS: '12', VOICE_REQUIRED_RECORDINGS: '11' })).toThrow(/VOICE_MIN_RECORDINGS: must not exceed VOICE_REQUIRED_RECORDINGS \(11\)/);
  });

  it('the speech engine\'s folders are absolute paths, or left to the engine\'s defaults', () => {
    expect(loadConfig({}).speechAssets).toEqual({ voicesDir: undefined, openJTalkDictionary: undefined });
    expect(loadConfig({ SPEECH_VOICES_DIR: '/srv/voices', SPEECH_OPEN_JTALK_DIC: 'dic' }).speechAssets).toEqual({ voicesDir: '/srv/voices', openJTalkDictionary: path.resolve('dic') });
  });
});

describe('operations settings', () => {
  it('metrics are off unless METRICS_PORT is set, and never on the public port', () => {
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
    expect(loadConfig({}).METRICS_HOST).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow(/METRICS_PORT: must differ from PORT \(9000\)/);
    expect(() => loadConfig({ METRICS_PORT: 'yes' })).toThrow(/METRICS_PORT: /);
  });

  it('SHUTDOWN_GRACE_MS and JOB_RETENTION_DAYS have defaults and bounds', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_GRACE_MS: 8000, JOB_RETENTION_DAYS: 7 });
    expect(loadConfig({ JOB_RETENTION_DAYS: '0' }).JOB_RETENTION_DAYS).toBe(0);
    expect(() => loadConfig({ JOB_RETENTION_DAYS: '-1' })).toThrow(/JOB_RETENTION_DAYS: /);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS: /);
  });
});
