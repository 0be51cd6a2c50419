import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { dialectPresets, fromDialectNames, toDialectNames } from '../../source/api/dialect.js';
import {
	describeIssue,
	extraFields,
	identified,
	keptAsItCame,
	type Liberal,
	positional,
	readLiberal,
} from '../../source/api/liberal.js';
import { DlqPage, Message, MqStats, type MqUser, MqUsers, SearchIndex } from '../../source/api/schemas.js';
import { documented, edited, optionalPaths, pathText } from '../fixtures/deployed/catalog.js';

const Item = identified(
	z.looseObject({
		id: z.string(),
		count: z.number().int(),
		kind: z.enum(['a', 'b']),
		when: z.number().nullable().optional(),
		points: z.array(z.looseObject({ x: z.string(), y: z.number().nullable() })),
	}),
	['id'],
);

describe('readLiberal', () => {
	it('keeps what parses, leaves out and names what does not, and keeps what it does not know', () => {
		const { data, issues } = readLiberal(Item, {
			id: 'i1',
			count: 'many',
			kind: 'c',
			when: null,
			points: [{ x: 't1', y: 1 }, 'odd', { x: 't3', y: 'high' }],
			extra: { nested: true },
		});
		expect(data).toEqual({
			id: 'i1',
			kind: 'c',
			when: null,
			points: [{ x: 't1', y: 1 }, {}, { x: 't3' }],
			extra: { nested: true },
		});
		expect(issues.map(describeIssue)).toEqual([
			'count: expected a whole number, got "many"',
			'kind: "c" is not one of the known values (kept)',
			'points[1]: expected an object, got "odd"',
			'points[2].y: expected a number, got "high"',
		]);
	});

	it('treats a null as a field with no value, unless the schema allows null', () => {
		expect(readLiberal(Item, { id: 'i', count: null, when: null }).data).toEqual({ id: 'i', when: null });
		expect(readLiberal(Item, { id: 'i', count: null }).issues).toEqual([]);
	});

	it('leaves a record without its identity out of a list, and names why', () => {
		const { data, issues } = readLiberal(z.array(Item), [{ id: 'a' }, { count: 1 }, { id: 7 }]);
		expect(data).toEqual([{ id: 'a' }]);
		expect(issues.map(describeIssue)).toEqual([
			'[1].id: missing (expected a string)',
			'[2].id: expected a string, got 7',
		]);
	});

	it('reads an odd item of a positional list as a gap at its place, of any other list leaves it out', () => {
		const Days = identified(
			z.looseObject({ id: z.string(), days: positional(z.array(z.string())), tags: z.array(z.string()) }),
			['id'],
		);
		const { data, issues } = readLiberal(Days, {
			id: 'd',
			days: ['Thursday', 5, null, 'Sunday'],
			tags: ['a', 5, 'b'],
		});
		expect(data).toEqual({ id: 'd', days: ['Thursday', null, null, 'Sunday'], tags: ['a', 'b'] });
		expect(issues.map(describeIssue)).toEqual([
			'days[1]: expected a string, got 5',
			'days[2]: expected a string, got null',
			'tags[1]: expected a string, got 5',
		]);
		expectTypeOf<NonNullable<Liberal<typeof Days>['days']>>().toEqualTypeOf<(string | null)[]>();
		expectTypeOf<NonNullable<Liberal<typeof Days>['tags']>>().toEqualTypeOf<string[]>();
		expectTypeOf<NonNullable<Liberal<typeof MqStats>['days']>>().toEqualTypeOf<(string | null)[]>();
	});

	it('keeps a value of the right type that its check cannot read as it came, and names it', () => {
		const Point = z.looseObject({
			x: keptAsItCame(z.union([z.string(), z.number()]), (v) => v !== 'soon', {
				message: 'expected a time',
				description: 'a time',
			}),
			y: z.number(),
		});
		const { data, issues } = readLiberal(z.array(Point), [
			{ x: 'soon', y: 1 },
			{ x: 12, y: 2 },
			{ x: { at: 'noon' }, y: 3 },
		]);
		expect(data).toEqual([{ x: 'soon', y: 1 }, { x: 12, y: 2 }, { y: 3 }]);
		expect(issues.map(describeIssue)).toEqual([
			'[0].x: expected a time, got "soon" (kept as it came)',
			'[2].x: expected a string or a number, got {"at":"noon"}',
		]);
		// Strict parsing, of the local service's own answers, still refuses it.
		expect(Point.safeParse({ x: 'soon', y: 1 }).success).toBe(false);
	});

	it('finds an answer that does not fit at all', () => {
		for (const answer of [{ count: 1 }, [], 'text', 42, null])
			expect(readLiberal(Item, answer).data, JSON.stringify(answer)).toBeUndefined();
		// A list is fine empty, but not when none of its items could be read.
		expect(readLiberal(z.array(Item), []).data).toEqual([]);
		expect(readLiberal(z.array(Item), [{ count: 1 }]).data).toBeUndefined();
	});

	it('never lets a field named __proto__ change a prototype', () => {
		const { data } = readLiberal(Item, JSON.parse('{"id":"i","__proto__":{"polluted":true}}'));
		expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
		expect((data as Record<string, unknown>).polluted).toBeUndefined();
		expect(Object.keys(data!)).toEqual(['id', '__proto__']);
	});

	it('types identity fields as required, every other as optional, enums as open', () => {
		type Read = Liberal<typeof Item>;
		expectTypeOf<Read['id']>().toEqualTypeOf<string>();
		expectTypeOf<Read['count']>().toEqualTypeOf<number | undefined>();
		expectTypeOf<'c'>().toExtend<NonNullable<Read['kind']>>();
		expectTypeOf<Liberal<typeof MqUsers>[number]['id']>().toEqualTypeOf<string>();
		expectTypeOf<Liberal<typeof DlqPage>['messages'][number]['dlqId']>().toEqualTypeOf<string | undefined>();
	});

	it('lists the fields a schema does not name', () => {
		expect(extraFields(Item, { id: 'i', count: 1, shiny: 'new' })).toEqual([['shiny', 'new']]);
	});
});

describe('the deployed service, as its vendor documents it', () => {
	for (const answer of documented) {
		const read = (value: unknown) =>
			readLiberal(answer.schema, answer.prepare ? answer.prepare(value) : value);

		it(`reads the documented ${answer.name} without an odd field`, () => {
			const { data, issues } = read(answer.answer);
			expect(data).toBeDefined();
			expect(issues).toEqual([]);
		});

		it(`reads the ${answer.name} with any one field that is not an identity left out or mistyped`, () => {
			const paths = optionalPaths(answer.schema, answer.answer);
			for (const path of paths) {
				const without = read(edited(answer.answer, path));
				expect(without.data, `without ${pathText(path)}`).toBeDefined();
				expect(
					without.issues.filter((i) => i.kind === 'missing'),
					pathText(path),
				).toEqual([]);
				const mistyped = read(edited(answer.answer, path, { odd: [true] }));
				expect(mistyped.data, `${pathText(path)} mistyped`).toBeDefined();
				expect(
					mistyped.issues.filter((i) => i.kind === 'missing'),
					pathText(path),
				).toEqual([]);
			}
		});
	}

	it('reads the shapes the neutral interface leaves out: vercel_email, timestamps, callerIp, no dlqId', () => {
		const index = documented.find((d) => d.name === 'search index')!;
		const read = readLiberal(SearchIndex, index.prepare!(index.answer)).data!;
		expect(read.partner_email).toBe('team@example.org');
		expect(toDialectNames(read, dialectPresets.deployed)).toMatchObject({ vercel_email: 'team@example.org' });
		expect(fromDialectNames({ partner_email: 'a', vercel_email: 'b' }, dialectPresets.deployed)).toEqual({
			partner_email: 'a',
			vercel_email: 'b',
		});

		const stats = readLiberal(MqStats, documented.find((d) => d.name === 'usage stats')!.answer).data!;
		expect(stats.daily_used_workflow?.[0]?.x).toMatch(/^\d{4}-\d{2}-\d{2}T/);

		const message = readLiberal(Message, documented.find((d) => d.name === 'message')!.answer).data!;
		expect(message.callerIp).toBe('203.0.113.7');
		expect(message.header).toEqual({ 'Content-Type': ['application/json'], 'X-Team': ['billing', 'ops'] });

		const page = readLiberal(DlqPage, documented.find((d) => d.name === 'dead letters')!.answer).data!;
		expect(page.messages.map((m) => m.dlqId)).toEqual(['1768478500000-0', undefined]);
	});

	it('shows an unknown enum value and an unknown field instead of refusing them', () => {
		const users = documented.find((d) => d.name === 'users')!;
		const odd = edited(edited(users.answer, [0, 'type'], 'enterprise'), [0, 'sso'], { provider: 'okta' });
		const { data, issues } = readLiberal(MqUsers, odd);
		expect(data?.[0]).toMatchObject({ type: 'enterprise', sso: { provider: 'okta' } });
		expect(issues).toEqual([expect.objectContaining({ path: '[0].type', kind: 'unknown-value' })]);
		expectTypeOf(data![0]!).toExtend<Liberal<typeof MqUser>>();
	});
});
