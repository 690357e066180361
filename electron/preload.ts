import { contextBridge, ipcRenderer } from 'electron';
import { IpcChannel, type DesktopBridge } from '../shared/desktop-bridge';

/**
 * The whole surface the renderer gets: one function per channel. `ipcRenderer` itself is never
 * exposed, or the page could invoke any channel with any arguments.
 */
export const desktopBridge = {
  platform: 'desktop',
  storeGet: (key) => ipcRenderer.invoke(IpcChannel.storeGet, key),
  storeSet: (key, value) => ipcRenderer.invoke(IpcChannel.storeSet, key, value),
  storeRemove: (key) => ipcRenderer.invoke(IpcChannel.storeRemove, key),
  savePdf: (fileName, bytes) => ipcRenderer.invoke(IpcChannel.pdfSave, fileName, bytes),
  saveJson: (fileName, json) => ipcRenderer.invoke(IpcChannel.jsonSave, fileName, json),
  openExternal: (url) => ipcRenderer.invoke(IpcChannel.linkOpen, url),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('desktop', desktopBridge);
