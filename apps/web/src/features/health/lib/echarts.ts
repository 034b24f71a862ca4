import { BarChart, CustomChart, LineChart } from 'echarts/charts'
import { GridComponent, TooltipComponent, VisualMapComponent } from 'echarts/components'
import { init, registerTheme, use as registerEcharts, type ComposeOption, type EChartsType } from 'echarts/core'
import type {
  BarSeriesOption,
  CustomSeriesOption,
  GridComponentOption,
  LineSeriesOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts'
import { SVGRenderer } from 'echarts/renderers'

/**
 * echarts, tree-shaken to what the health charts draw: lines (heart rate, coloured by zone with
 * a visual map), bars (steps, sleep), one custom series (the hypnogram) and tooltips, on SVG
 * (crisp at any pixel ratio). Imported only by health pages, never part of the first route:
 * about 190 KB gzip, most of it echarts' core.
 */
registerEcharts([LineChart, BarChart, CustomChart, GridComponent, TooltipComponent, VisualMapComponent, SVGRenderer])

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | CustomSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>

/** The app's dark palette (global.css) for axes, grid lines and tooltips. */
const AXIS = { color: '#8e95a8', line: '#262c3a', split: '#1d2230' }
const axis = {
  axisLine: { lineStyle: { color: AXIS.line } },
  axisTick: { show: false },
  axisLabel: { color: AXIS.color, fontSize: 11 },
  splitLine: { lineStyle: { color: AXIS.split } },
}
registerTheme('kinetic-dark', {
  backgroundColor: 'transparent',
  textStyle: { color: '#a0a6b8' },
  color: ['#22d3ee', '#4f7bff', '#c6f432', '#f59e0b', '#f43f5e'],
  categoryAxis: { ...axis, splitLine: { show: false } },
  valueAxis: { ...axis, axisLine: { show: false } },
  timeAxis: { ...axis, splitLine: { show: false } },
  tooltip: {
    backgroundColor: '#1c2130',
    borderColor: '#262c3a',
    textStyle: { color: '#e8eaf0', fontSize: 12 },
  },
})

export function createChart(element: HTMLElement): EChartsType {
  return init(element, 'kinetic-dark', { renderer: 'svg' })
}
