/** The VIP feature's public entry: the sidebar's progress to the next tier. */
export { VipSidebarProgress } from './vip-sidebar-progress';
