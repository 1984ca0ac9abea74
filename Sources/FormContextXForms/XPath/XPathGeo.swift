import Foundation

/// Distances and areas on the Earth, as ODK computes them: a sphere of JavaRosa's radius.
enum XPathGeo {
    static let earthRadius = 6_378_100.0

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// The length of the path through the points, by the spherical law of cosines (as JavaRosa).
    static func distance(_ points: [(latitude: Double, longitude: Double)]) -> Double {
        guard points.count > 1 else { return 0 }
        var total = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let (lat1, lat2) = (radians(a.latitude), radians(b.latitude))
            let cosine = sin(lat1) * sin(lat2) + cos(lat1) * cos(lat2) * cos(radians(b.longitude - a.longitude))
            total += earthRadius * acos(max(-1, min(1, cosine)))
        }
        return total
    }

    /// The area inside the polygon through the points (closed or not), on the sphere.
    static func area(_ points: [(latitude: Double, longitude: Double)]) -> Double {
        guard points.count > 2 else { return 0 }
        var total = 0.0
        for i in 0..<points.count {
            let a = points[i]
            let b = points[(i + 1) % points.count]
            total += radians(b.longitude - a.longitude) * (2 + sin(radians(a.latitude)) + sin(radians(b.latitude)))
        }
        return abs(total * earthRadius * earthRadius / 2)
    }
}
