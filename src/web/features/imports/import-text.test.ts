import { describe, expect, it } from 'vitest';
import { jobProgress } from './import-text';

describe('jobProgress', () => {
  it('splits the bar between the checking and the writing pass unless partial', () => {
    expect(jobProgress({ status: 'queued', rows_read: 0, rows_total: 10, partial: 0 }).percent).toBe(0);
    expect(jobProgress({ status: 'validating', rows_read: 5, rows_total: 10, partial: 0 })).toEqual({ percent: 25, label: 'Checking every row first: 5 of 10 rows' });
    expect(jobProgress({ status: 'importing', rows_read: 5, rows_total: 10, partial: 0 }).percent).toBe(75);
    expect(jobProgress({ status: 'importing', rows_read: 2500, rows_total: 10000, partial: 1 })).toEqual({ percent: 25, label: 'Importing: 2,500 of 10,000 rows' });
    expect(jobProgress({ status: 'completed', rows_read: 10, rows_total: 10, partial: 1 })).toEqual({ percent: 100, label: 'Done: 10 of 10 rows' });
    expect(jobProgress({ status: 'failed', rows_read: 3, rows_total: 10, partial: 0 }).label).toBe('Stopped');
  });
});
