// Chart.js set-up for the balance report: only the pieces the three charts use are
// registered (tree-shaken, and nothing that needs eval, so the app's CSP holds), plus the
// configurations of the margin histogram, the victory-cell control lines and the
// turn-of-decision histogram.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { BalanceReportData } from '../../play/balance.svelte.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
Chart.defaults.font.size = 11;
Chart.defaults.color = '#5b636e';
Chart.defaults.animation = false;

export { Chart };

const GRID = { color: '#eceef1' };

/** The margin histogram: bars left of zero in the second side's colour, right in the first's. */
export function marginChart(r: BalanceReportData, colours: [string, string], margin = 'VP margin'): ChartConfiguration<'bar'> {
  const h = r.summary.margin.histogram;
  const w = r.summary.margin.bucketWidth;
  const label = (from: number) => (w === 1 ? String(from) : `${from}…${from + w - 1}`);
  return {
    type: 'bar',
    data: {
      labels: h.map((b) => label(b.from)),
      datasets: [
        {
          label: 'Games',
          data: h.map((b) => b.count),
          backgroundColor: h.map((b) => (b.to <= 0 ? colours[1] : b.from > 0 ? colours[0] : '#9ca3af')),
          barPercentage: 1,
          categoryPercentage: 0.92,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { title: { display: true, text: `${margin.charAt(0).toUpperCase()}${margin.slice(1)} (${r.summary.sides[0]!.name} − ${r.summary.sides[1]!.name})` }, grid: { display: false } },
        y: { title: { display: true, text: 'Games' }, beginAtZero: true, ticks: { precision: 0 }, grid: GRID },
      },
    },
  };
}

const LINE_COLOURS = ['#1f6feb', '#d97706', '#15803d', '#9333ea', '#dc2626', '#0891b2', '#4b5563', '#be185d', '#65a30d', '#7c2d12'];

/** Share of games the first side held each victory cell at the end of every turn. */
export function controlChart(r: BalanceReportData): ChartConfiguration<'line'> {
  const cells = r.summary.victoryCells;
  const turns = Math.max(0, ...cells.map((c) => c.byTurn.length));
  return {
    type: 'line',
    data: {
      labels: Array.from({ length: turns }, (_, k) => String(k + 1)),
      datasets: cells.map((c, k) => ({
        label: c.name ? `${c.label} ${c.name}` : c.label,
        data: c.byTurn.map((t) => Math.round(t[0] * 1000) / 10),
        borderColor: LINE_COLOURS[k % LINE_COLOURS.length],
        backgroundColor: LINE_COLOURS[k % LINE_COLOURS.length],
        borderWidth: 2,
        pointRadius: 0,
        tension: 0.25,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { position: 'right', labels: { boxWidth: 12, boxHeight: 2 } } },
      scales: {
        x: { title: { display: true, text: 'Game turn (end)' }, grid: GRID },
        y: { min: 0, max: 100, title: { display: true, text: `% of games held by ${r.summary.sides[0]!.name}` }, grid: GRID },
      },
    },
  };
}

export function decisionChart(r: BalanceReportData): ChartConfiguration<'bar'> {
  const h = r.summary.decisionTurn.histogram;
  return {
    type: 'bar',
    data: {
      labels: h.map((b) => String(b.from)),
      datasets: [{ label: 'Games', data: h.map((b) => b.count), backgroundColor: '#64748b', barPercentage: 1, categoryPercentage: 0.9 }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { title: { display: true, text: 'Turn the result was settled (0 = never in doubt)' }, grid: { display: false } },
        y: { title: { display: true, text: 'Games' }, beginAtZero: true, ticks: { precision: 0 }, grid: GRID },
      },
    },
  };
}
