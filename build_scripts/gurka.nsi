; Gurka's Windows installer (NSIS 3, makensis runs on Linux too).
;
;   makensis -INPUTCHARSET UTF8 -DVERSION=0.1.0 -DAPPDIR=dist-windows/gurka \
;            -DOUTFILE=dist-windows/Gurka-0.1.0-setup.exe -DICON=assets/icon.ico build_scripts/gurka.nsi
;
; build_scripts/build_windows.py runs this with the right paths.  What it does:
; * installs for the current user only, without administrator rights (no UAC prompt):
;   into %LOCALAPPDATA%\Programs\Gurka, the folder Windows itself suggests for per-user programs;
; * a Start-menu entry, and a desktop shortcut (a section the player may untick), both with the icon;
; * an uninstaller, listed in Settings > Apps through the per-user (HKCU) uninstall key;
; * never touches the player's saves, settings or statistics: the game keeps them in
;   %LOCALAPPDATA%\gurka (platformdirs), a folder neither the installer nor the uninstaller
;   writes or deletes, so an uninstall (or a reinstall) leaves them as they were.
; Silent: "Gurka-<version>-setup.exe /S" installs with the defaults, "uninstall.exe /S" removes it.

Unicode true
Target amd64-unicode          ; the game is 64-bit; so is the installer (runs under wine64 alone)
SetCompressor /SOLID lzma
RequestExecutionLevel user    ; manifest asInvoker: no UAC prompt, no administrator rights
ManifestDPIAware true

!ifndef VERSION
  !error "pass -DVERSION=x.y.z"
!endif
!ifndef APPDIR
  !error "pass -DAPPDIR=<the one-folder app>"
!endif
!ifndef OUTFILE
  !define OUTFILE "Gurka-${VERSION}-setup.exe"
!endif
!ifndef ICON
  !define ICON "../assets/icon.ico"
!endif

!define APPNAME "Gurka"
!define EXE "gurka.exe"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Gurka"

Name "${APPNAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APPNAME}"
InstallDirRegKey HKCU "${UNINSTKEY}" "InstallLocation"
BrandingText "${APPNAME} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${APPNAME}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${APPNAME} ${VERSION} setup"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!include "MUI2.nsh"
!include "FileFunc.nsh"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\${EXE}"

!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; the game's languages; the installer speaks the one Windows uses (English otherwise)
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Swedish"
!insertmacro MUI_LANGUAGE "Danish"
!insertmacro MUI_LANGUAGE "Norwegian"
!insertmacro MUI_LANGUAGE "Icelandic"

LangString SecGame ${LANG_ENGLISH} "Gurka (the game)"
LangString SecGame ${LANG_SWEDISH} "Gurka (spelet)"
LangString SecGame ${LANG_DANISH} "Gurka (spillet)"
LangString SecGame ${LANG_NORWEGIAN} "Gurka (spillet)"
LangString SecGame ${LANG_ICELANDIC} "Gurka (leikurinn)"
LangString SecDesktop ${LANG_ENGLISH} "Desktop shortcut"
LangString SecDesktop ${LANG_SWEDISH} "Genväg på skrivbordet"
LangString SecDesktop ${LANG_DANISH} "Genvej på skrivebordet"
LangString SecDesktop ${LANG_NORWEGIAN} "Snarvei på skrivebordet"
LangString SecDesktop ${LANG_ICELANDIC} "Flýtivísun á skjáborði"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "!$(SecGame)" SecGameId
  SectionIn RO
  SetOutPath "$INSTDIR"
  ; an earlier version's program files go first (only the program's own folder, never user data)
  RMDir /r "$INSTDIR\_internal"
  File "${APPDIR}/${EXE}"
  File /r "${APPDIR}/_internal"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APPNAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayName" "${APPNAME}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTKEY}" "Publisher" "The Gurka authors"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayIcon" "$INSTDIR\${EXE},0"
  WriteRegStr HKCU "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTKEY}" "EstimatedSize" $0
SectionEnd

Section "$(SecDesktop)" SecDesktopId
  CreateShortcut "$DESKTOP\${APPNAME}.lnk" "$INSTDIR\${EXE}" "" "$INSTDIR\${EXE}" 0
SectionEnd

; Only what the installer put there.  The player's saves, settings and statistics live in
; %LOCALAPPDATA%\gurka, which is not named here on purpose: they stay after an uninstall.
Section "Uninstall"
  Delete "$SMPROGRAMS\${APPNAME}.lnk"
  Delete "$DESKTOP\${APPNAME}.lnk"
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${EXE}"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"              ; only when empty: anything the player put there stays
  DeleteRegKey HKCU "${UNINSTKEY}"
SectionEnd
