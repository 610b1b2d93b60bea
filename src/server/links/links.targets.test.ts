// Targets: every targets_type with its complete key list, duplicates, rotations weights, bad shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink, expect422, json, post } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Written out here (not imported from the code under test), as the seed and ISO list them.
const ISO_3166_1 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(' ');
const ISO_639_1 =
  'aa ab af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'.split(' ');
const ALLOWED: Record<string, string[]> = {
  countries: ISO_3166_1,
  languages: ISO_639_1,
  continents: ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'],
  operating_systems: ['iOS', 'Android', 'Windows', 'OS X', 'Linux', 'Ubuntu', 'Chrome OS'],
  browsers: ['Chrome', 'Chromium', 'Firefox', 'Firefox Mobile', 'Edge', 'Internet Explorer', 'Mobile Internet Explorer', 'Vivaldi', 'Brave', 'Safari', 'Opera', 'Opera Mini', 'Opera Mobile', 'Opera Touch', 'Yandex Browser', 'UC Browser', 'Samsung Internet', 'QQ Browser', 'BlackBerry Browser', 'Maxtho'],
  devices: ['Desktop', 'Mobile', 'Tablet', 'Watch', 'Television'],
};
const REFUSED: Record<string, string[]> = {
  countries: ['XX', 'USA', 'U', 'ZZ', '12', 'EU'],
  languages: ['xx', 'eng', 'e', 'qq'],
  continents: ['EUR', 'XX', 'Europe'],
  operating_systems: ['ios', 'Mac OS', 'OSX', 'windows', 'ChromeOS'],
  browsers: ['chrome', 'Internet  Explorer', 'Maxthon', 'Opera GX', 'Safari '.repeat(2)],
  devices: ['desktop', 'Phone', 'TV'],
  rotations: ['0', '101', '-1', '1.5', 'abc'],
};

function targetFields(type: string, keys: string[]): [string, string][] {
  const pairs: [string, string][] = [['url', 'https://example.com'], ['targets_type', type]];
  keys.forEach((k, i) => pairs.push([`targets[${i}][key]`, k], [`targets[${i}][value]`, `https://example.com/${i}`]));
  return pairs;
}

describe('targets', () => {
  it('accepts every key of every type (in chunks of at most 100 targets)', async () => {
    for (const [type, keys] of Object.entries(ALLOWED)) {
      for (let i = 0; i < keys.length; i += 100) {
        const chunk = keys.slice(i, i + 100);
        const link = await createLink(t, t.userKey, targetFields(type, chunk));
        expect(link.targets_type).toBe(type);
        expect((link.targets as { key: string }[]).map((x) => x.key)).toEqual(chunk);
      }
    }
  });

  it('normalises country, continent and language case', async () => {
    const c = await createLink(t, t.userKey, targetFields('countries', ['de', 'Fr']));
    expect((c.targets as { key: string }[]).map((x) => x.key)).toEqual(['DE', 'FR']);
    const l = await createLink(t, t.userKey, targetFields('languages', ['EN']));
    expect((l.targets as { key: string }[])[0]?.key).toBe('en');
    const k = await createLink(t, t.userKey, targetFields('continents', ['eu']));
    expect((k.targets as { key: string }[])[0]?.key).toBe('EU');
  });

  it('refuses keys outside the type\'s list, naming targets.i.key', async () => {
    for (const [type, keys] of Object.entries(REFUSED)) {
      for (const key of keys) {
        const errors = expect422(await post(t, t.userKey, '/api/v1/links', targetFields(type, ['', key].slice(type === 'rotations' ? 0 : 1))), `targets.${type === 'rotations' ? 1 : 0}.key`);
        expect(Object.keys(errors)).toHaveLength(1);
      }
    }
  });

  it('refuses the same key twice', async () => {
    expect422(await post(t, t.userKey, '/api/v1/links', targetFields('countries', ['US', 'us'])), 'targets.1.key');
    expect422(await post(t, t.userKey, '/api/v1/links', targetFields('devices', ['Mobile', 'Desktop', 'Mobile'])), 'targets.2.key');
  });

  it('rotations: weights 1-100 or empty (1), repeated weights allowed', async () => {
    const link = await createLink(t, t.userKey, targetFields('rotations', ['', '1', '100', '100', '50']));
    expect((link.targets as { key: string }[]).map((x) => x.key)).toEqual(['', '1', '100', '100', '50']);
    const noKey = await createLink(t, t.userKey, [['url', 'https://e.com'], ['targets_type', 'rotations'], ['targets[0][value]', 'https://a.example']]);
    expect(noKey.targets).toEqual([{ key: '', value: 'https://a.example' }]);
  });

  it('requires targets_type with targets, a URL per value, at most 100 entries', async () => {
    expect422(await post(t, t.userKey, '/api/v1/links', [['url', 'https://e.com'], ['targets[0][key]', 'US'], ['targets[0][value]', 'https://e.com/us']]), 'targets_type');
    expect422(await post(t, t.userKey, '/api/v1/links', [...targetFields('countries', ['US']).slice(0, 3), ['targets[0][value]', 'javascript:alert(1)']]), 'targets.0.value');
    expect422(await post(t, t.userKey, '/api/v1/links', [...targetFields('countries', ['US']).slice(0, 3)]), 'targets.0.value');
    expect422(await post(t, t.userKey, '/api/v1/links', targetFields('rotations', Array.from({ length: 101 }, () => ''))), 'targets');
    expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://e.com', targets_type: 'planets' }), 'targets_type');
    expect422(await post(t, t.userKey, '/api/v1/links', { url: 'https://e.com', targets_type: 'countries', targets: 'US' }), 'targets');
  });

  it('accepts targets in JSON and refuses wrong shapes', async () => {
    const ok = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://e.com', targets_type: 'operating_systems', targets: [{ key: 'OS X', value: 'https://mac.example' }] }) });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.targets).toEqual([{ key: 'OS X', value: 'https://mac.example' }]);
    const bad = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://e.com', targets_type: 'devices', targets: { key: 'Mobile', value: 'https://m.example' } }) });
    expect422(bad, 'targets');
    const badEntry = await t.as(t.userKey, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://e.com', targets_type: 'devices', targets: ['Mobile'] }) });
    expect422(badEntry, 'targets.0');
  });

  it('an empty targets_type clears targeting on update', async () => {
    const link = await createLink(t, t.userKey, targetFields('devices', ['Mobile']));
    const res = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ targets_type: '' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ targets_type: null, targets: [] });
  });

  it('update: new targets are checked against the stored type, a new type against stored targets', async () => {
    const link = await createLink(t, t.userKey, targetFields('devices', ['Mobile']));
    expect422(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ targets: [{ key: 'US', value: 'https://e.com' }] }) }), 'targets.0.key');
    expect422(await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ targets_type: 'countries' }) }), 'targets.0.key');
    const ok = await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, ...json({ targets: [{ key: 'Tablet', value: 'https://t.example' }] }) });
    expect(ok.json().data).toMatchObject({ targets_type: 'devices', targets: [{ key: 'Tablet', value: 'https://t.example' }] });
  });
});
