import type { RevenuePoint } from '@numero/contract/admin-reports';
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
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what these charts draw: the bundle keeps Chart.js's tree-shaking.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

/**
 * Revenue per bucket (bars): one stack per currency, activations below and rentals above, so a stack's
 * height is the bucket's whole revenue in that currency; orders and rentals started are lines. Loaded
 * only on the reports page.
 */
export default function RevenueChart({
  points,
  labels,
  formatLabel,
}: {
  points: RevenuePoint[];
  labels: {
    brl: string;
    usd: string;
    rentalsBrl: string;
    rentalsUsd: string;
    orders: string;
    rentals: string;
    summary: string;
  };
  formatLabel: (bucket: string) => string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const bar = (label: string, stack: string, color: string, cents: (p: RevenuePoint) => number) => ({
      label,
      stack,
      data: points.map((p) => cents(p) / 100),
      backgroundColor: color,
      yAxisID: 'y',
    });
    const line = (label: string, color: string, count: (p: RevenuePoint) => number) => ({
      type: 'line' as const,
      label,
      data: points.map(count),
      borderColor: color,
      backgroundColor: color,
      yAxisID: 'orders',
    });
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: points.map((p) => formatLabel(p.bucket)),
        datasets: [
          bar(labels.brl, 'BRL', '#0f766e', (p) => p.BRL - p.rentals_BRL),
          bar(labels.rentalsBrl, 'BRL', '#5eead4', (p) => p.rentals_BRL),
          bar(labels.usd, 'USD', '#2563eb', (p) => p.USD - p.rentals_USD),
          bar(labels.rentalsUsd, 'USD', '#93c5fd', (p) => p.rentals_USD),
          line(labels.orders, '#f59e0b', (p) => p.orders),
          line(labels.rentals, '#a855f7', (p) => p.rentals),
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true },
          y: { beginAtZero: true, position: 'left', stacked: true },
          orders: {
            beginAtZero: true,
            position: 'right',
            grid: { drawOnChartArea: false },
            ticks: { precision: 0 },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [points, labels, formatLabel]);
  return (
    <div className="relative h-72">
      <canvas ref={canvas} role="img" aria-label={labels.summary} data-testid="revenue-chart" />
    </div>
  );
}
