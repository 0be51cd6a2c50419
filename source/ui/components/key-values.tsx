import { Text } from 'ink';
import { fitText } from '../../format/text.js';

export interface KeyValue {
	label: string;
	/** Our own text or sanitised network text. */
	value: string;
	color?: string;
}

export interface KeyValuesProps {
	items: readonly KeyValue[];
	width: number;
	/** Cells of one label+value cell; as many fit across as the width allows. */
	cellWidth: number;
	labelWidth: number;
}

/** Rows of `columns` items each, for a grid of label/value pairs. */
export function gridRows<T>(items: readonly T[], columns: number): T[][] {
	const rows: T[][] = [];
	for (let i = 0; i < items.length; i += Math.max(1, columns))
		rows.push(items.slice(i, i + Math.max(1, columns)));
	return rows;
}

/** Label/value pairs in a grid that uses the width. */
export function KeyValues(props: KeyValuesProps) {
	const columns = Math.max(1, Math.floor(props.width / props.cellWidth));
	return (
		<>
			{gridRows(props.items, columns).map((row) => (
				<Text key={row[0]?.label} wrap="truncate-end">
					{row.map((item, i) => (
						<Text key={item.label}>
							<Text dimColor>{fitText(item.label, props.labelWidth)}</Text>
							<Text color={item.color}>
								{fitText(item.value, props.cellWidth - props.labelWidth - (i < row.length - 1 ? 1 : 0))}
							</Text>
							{i < row.length - 1 ? ' ' : ''}
						</Text>
					))}
				</Text>
			))}
		</>
	);
}
