import Foundation

/// Small documents written for these tests.
enum Fixtures {
    static let jsonManifest = """
    {
      "CFBundleIdentifier": "org.example.blorb-reader",
      "CFBundleName": "Blorb Reader",
      "UTExportedTypeDeclarations": [
        {
          "UTTypeIdentifier": "org.example.blorb",
          "UTTypeDescription": "Blorb game file",
          "UTTypeConformsTo": "public.data",
          "UTTypeTagSpecification": {"public.filename-extension": ["blorb", "blb"], "public.mime-type": "application/x-blorb"}
        }
      ]
    }
    """

    /// An Info.plist shaped like a real macOS document app's, with keys
    /// docbrowser does not use, which must not get in the way.
    static let appInfoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>BuildMachineOSBuild</key>
    \t<string>23A344</string>
    \t<key>CFBundleDevelopmentRegion</key>
    \t<string>en</string>
    \t<key>CFBundleDocumentTypes</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeIconFile</key>
    \t\t\t<string>Drawing.icns</string>
    \t\t\t<key>CFBundleTypeName</key>
    \t\t\t<string>Sketchbook Drawing</string>
    \t\t\t<key>CFBundleTypeRole</key>
    \t\t\t<string>Editor</string>
    \t\t\t<key>LSHandlerRank</key>
    \t\t\t<string>Owner</string>
    \t\t\t<key>LSItemContentTypes</key>
    \t\t\t<array>
    \t\t\t\t<string>com.example.sketchbook.drawing</string>
    \t\t\t</array>
    \t\t\t<key>LSTypeIsPackage</key>
    \t\t\t<true/>
    \t\t\t<key>NSDocumentClass</key>
    \t\t\t<string>$(PRODUCT_MODULE_NAME).Document</string>
    \t\t</dict>
    \t\t<dict>
    \t\t\t<key>CFBundleTypeName</key>
    \t\t\t<string>PNG image</string>
    \t\t\t<key>CFBundleTypeRole</key>
    \t\t\t<string>Viewer</string>
    \t\t\t<key>LSHandlerRank</key>
    \t\t\t<string>Alternate</string>
    \t\t\t<key>LSItemContentTypes</key>
    \t\t\t<array>
    \t\t\t\t<string>public.png</string>
    \t\t\t</array>
    \t\t</dict>
    \t</array>
    \t<key>CFBundleExecutable</key>
    \t<string>Sketchbook</string>
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.sketchbook</string>
    \t<key>CFBundleInfoDictionaryVersion</key>
    \t<string>6.0</string>
    \t<key>CFBundleName</key>
    \t<string>Sketchbook</string>
    \t<key>CFBundlePackageType</key>
    \t<string>APPL</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>2.4</string>
    \t<key>CFBundleSupportedPlatforms</key>
    \t<array>
    \t\t<string>MacOSX</string>
    \t</array>
    \t<key>CFBundleVersion</key>
    \t<string>412</string>
    \t<key>LSApplicationCategoryType</key>
    \t<string>public.app-category.graphics-design</string>
    \t<key>LSMinimumSystemVersion</key>
    \t<string>13.0</string>
    \t<key>NSHumanReadableCopyright</key>
    \t<string>Copyright © 2026 Example Ltd.</string>
    \t<key>NSPrincipalClass</key>
    \t<string>NSApplication</string>
    \t<key>UTExportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeConformsTo</key>
    \t\t\t<array>
    \t\t\t\t<string>com.apple.package</string>
    \t\t\t\t<string>public.composite-content</string>
    \t\t\t</array>
    \t\t\t<key>UTTypeDescription</key>
    \t\t\t<string>Sketchbook Drawing</string>
    \t\t\t<key>UTTypeIconFiles</key>
    \t\t\t<array>
    \t\t\t\t<string>Drawing.icns</string>
    \t\t\t</array>
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>com.example.sketchbook.drawing</string>
    \t\t\t<key>UTTypeReferenceURL</key>
    \t\t\t<string>https://example.com/sketchbook/format</string>
    \t\t\t<key>UTTypeTagSpecification</key>
    \t\t\t<dict>
    \t\t\t\t<key>com.apple.ostype</key>
    \t\t\t\t<string>SKBK</string>
    \t\t\t\t<key>public.filename-extension</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>sketchbook</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>
    \t</array>
    \t<key>UTImportedTypeDeclarations</key>
    \t<array>
    \t\t<dict>
    \t\t\t<key>UTTypeConformsTo</key>
    \t\t\t<string>public.data</string>
    \t\t\t<key>UTTypeDescription</key>
    \t\t\t<string>Brush preset</string>
    \t\t\t<key>UTTypeIdentifier</key>
    \t\t\t<string>com.othervendor.brush</string>
    \t\t\t<key>UTTypeTagSpecification</key>
    \t\t\t<dict>
    \t\t\t\t<key>public.filename-extension</key>
    \t\t\t\t<string>brush</string>
    \t\t\t</dict>
    \t\t</dict>
    \t</array>
    </dict>
    </plist>
    """

    static func convertToBinaryPropertyList(_ url: URL) throws {
        let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        try data.write(to: url)
    }
}
